/**
 * Average ranks, the one ranking rule of the package (Spearman correlation, the calibration's day percentiles, the
 * rank-gauss training target).
 */

/**
 * Ranks 1..n of finite values with ties given their average rank: a value whose equals occupy sorted positions
 * i … j (0-based) gets (i + j)/2 + 1; −0 equals 0. Sorted as a typed array and located by binary search (no
 * comparator calls: this runs for every day of every evaluation).
 */
export function averageRanks(v: ArrayLike<number>): Float64Array {
  const n = v.length;
  const sorted = new Float64Array(n);
  for (let i = 0; i < n; i++) sorted[i] = v[i]!;
  sorted.sort();
  // groupEnd[k]: the last sorted position equal to sorted[k].
  const groupEnd = new Int32Array(n);
  for (let k = n - 1; k >= 0; k--)
    groupEnd[k] = k + 1 < n && sorted[k + 1] === sorted[k] ? groupEnd[k + 1]! : k;
  const ranks = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = v[i]!;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const m = (lo + hi) >>> 1;
      if (sorted[m]! < x) lo = m + 1;
      else hi = m;
    }
    ranks[i] = (lo + groupEnd[lo]!) / 2 + 1;
  }
  return ranks;
}
