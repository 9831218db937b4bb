/**
 * Standard errors of pooled means whose rows are not independent: every stock shares its day's market move, and
 * h-day targets overlap across neighbouring days (Newey–West over day clusters).
 */

/**
 * Standard error of a pooled mean m̂ = Σ v_i / N, robust to correlation within a day (every stock shares the market's
 * move) and across up to `lags` neighbouring days (overlapping h-day targets): with day sums e_d = Σ_{i∈d}(v_i − m̂),
 * Var(m̂) = [Σ_d e_d² + 2 Σ_{l=1..L} (1 − l/(L+1)) Σ_d e_d e_{d−l}] / N² (Newey–West over day clusters). NaN entries
 * of `value` are skipped; `day` must be non-decreasing.
 */
export function dayClusteredMeanSe(value: ArrayLike<number>, day: ArrayLike<number>, lags: number): number {
  const days: DayTotal[] = [];
  let i = 0;
  while (i < day.length) {
    let sum = 0;
    let n = 0;
    let j = i;
    for (; j < day.length && day[j] === day[i]; j++) {
      if (Number.isNaN(value[j]!)) continue;
      sum += value[j]!;
      n++;
    }
    days.push({ sum, n });
    i = j;
  }
  return dayTotalsMeanSe(days, lags);
}

/** One day's total of a per-row value and its number of rows. */
export interface DayTotal {
  sum: number;
  n: number;
}

/**
 * `dayClusteredMeanSe` from per-day totals, oldest day first (what a database gives without the rows): e_d is
 * sum_d − m̂·n_d.
 */
export function dayTotalsMeanSe(days: readonly DayTotal[], lags: number): number {
  let n = 0;
  let s = 0;
  for (const d of days) {
    n += d.n;
    s += d.sum;
  }
  if (n === 0) return NaN;
  const m = s / n;
  const sums = days.map((d) => d.sum - m * d.n);
  let v = 0;
  for (const e of sums) v += e * e;
  for (let l = 1; l <= lags; l++) {
    let c = 0;
    for (let d = l; d < sums.length; d++) c += sums[d]! * sums[d - l]!;
    v += 2 * (1 - l / (lags + 1)) * c;
  }
  return Math.sqrt(Math.max(v, 0)) / n;
}
