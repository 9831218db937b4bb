/**
 * Out-of-sample scores of return predictions: directional hit rate (Wilson CI), MAE, RMSE, skill vs the random walk,
 * R², and per-day cross-sectional IC / Rank IC with their mean and ICIR.
 */

/** z of a two-sided 95% normal interval. */
export const Z_95 = 1.959963984540054;

/**
 * Wilson score interval for a proportion hits/n at normal quantile z: (p̂ + z²/2n ± z√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n).
 * Accepts fractional hits (ties count ½). Returns [0, 1] when n = 0.
 */
export function wilsonInterval(hits: number, n: number, z = Z_95): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 1 };
  const p = hits / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Directional hits: predicted up (> 0) and realised up (> 0), or predicted down (< 0) and realised ≤ 0, count 1; a
 * prediction of exactly 0 has no direction and counts ½ (a coin flip). Pairs with a non-finite value are skipped.
 */
export function directionalHits(
  predicted: ArrayLike<number>,
  realised: ArrayLike<number>,
): { hits: number; n: number } {
  let hits = 0;
  let n = 0;
  for (let i = 0; i < predicted.length; i++) {
    const p = predicted[i]!;
    const r = realised[i]!;
    if (!Number.isFinite(p) || !Number.isFinite(r)) continue;
    n++;
    if (p === 0) hits += 0.5;
    else if (p > 0 === r > 0) hits += 1;
  }
  return { hits, n };
}

/** Pearson correlation of finite pairs; NaN when fewer than 3 pairs or a side is constant. */
export function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let n = 0;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    n++;
    sa += x;
    sb += y;
  }
  if (n < 3) return NaN;
  const ma = sa / n;
  const mb = sb / n;
  let cab = 0;
  let caa = 0;
  let cbb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    cab += (x - ma) * (y - mb);
    caa += (x - ma) ** 2;
    cbb += (y - mb) ** 2;
  }
  // Relative threshold: predictions that differ only by rounding noise are constant.
  if (caa <= 1e-20 * Math.max(1, ma * ma) * n || cbb <= 1e-20 * Math.max(1, mb * mb) * n) return NaN;
  return cab / Math.sqrt(caa * cbb);
}

/** Ranks 1..n with ties given their average rank. */
export function averageRanks(v: ArrayLike<number>): Float64Array {
  const n = v.length;
  const idx = Array.from({ length: n }, (_, i) => i).sort((i, j) => v[i]! - v[j]!);
  const ranks = new Float64Array(n);
  let i = 0;
  while (i < n) {
    let j = i;
    while (j + 1 < n && v[idx[j + 1]!]! === v[idx[i]!]!) j++;
    const r = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[idx[k]!] = r;
    i = j + 1;
  }
  return ranks;
}

/** Spearman rank correlation (Pearson of average ranks) over finite pairs; NaN when undefined. */
export function spearman(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const xa: number[] = [];
  const xb: number[] = [];
  for (let i = 0; i < a.length; i++) {
    if (Number.isFinite(a[i]!) && Number.isFinite(b[i]!)) {
      xa.push(a[i]!);
      xb.push(b[i]!);
    }
  }
  if (xa.length < 3) return NaN;
  return pearson(averageRanks(xa), averageRanks(xb));
}

/** Mean, standard deviation (n − 1) and ICIR = mean / sd of a per-day IC series; days = number of defined values. */
export interface IcSummary {
  mean: number;
  sd: number;
  icir: number;
  days: number;
}

export function summariseIc(values: ArrayLike<number>): IcSummary {
  const v: number[] = [];
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i]!)) v.push(values[i]!);
  const n = v.length;
  if (n === 0) return { mean: NaN, sd: NaN, icir: NaN, days: 0 };
  const mean = v.reduce((s, x) => s + x, 0) / n;
  const sd = n > 1 ? Math.sqrt(v.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1)) : NaN;
  return { mean, sd, icir: sd > 0 ? mean / sd : NaN, days: n };
}

/** Minimum stocks on a day for its cross-sectional IC to count. */
export const MIN_IC_CROSS_SECTION = 5;

/**
 * Per-day cross-sectional correlation of predicted and realised returns (rows grouped by `day`, which must be
 * non-decreasing). Days with fewer than MIN_IC_CROSS_SECTION finite pairs or constant predictions give NaN.
 */
export function dailyIc(
  predicted: ArrayLike<number>,
  realised: ArrayLike<number>,
  day: ArrayLike<number>,
  kind: 'pearson' | 'spearman',
): Float64Array {
  const out: number[] = [];
  let i = 0;
  while (i < day.length) {
    let j = i;
    while (j < day.length && day[j] === day[i]) j++;
    const p: number[] = [];
    const r: number[] = [];
    for (let k = i; k < j; k++) {
      if (Number.isFinite(predicted[k]!) && Number.isFinite(realised[k]!)) {
        p.push(predicted[k]!);
        r.push(realised[k]!);
      }
    }
    out.push(p.length >= MIN_IC_CROSS_SECTION ? (kind === 'pearson' ? pearson(p, r) : spearman(p, r)) : NaN);
    i = j;
  }
  return Float64Array.from(out);
}

/**
 * Standard error of the pooled hit rate p̂ = Σ hits / N, robust to correlation within a day (every stock shares the
 * market's move) and across up to `lags` neighbouring days (overlapping h-day targets): with day sums
 * e_d = Σ_{i∈d}(hit_i − p̂), Var(p̂) = [Σ_d e_d² + 2 Σ_{l=1..L} (1 − l/(L+1)) Σ_d e_d e_{d−l}] / N² (Newey–West).
 */
export function dayClusteredHitRateSe(
  predicted: ArrayLike<number>,
  realised: ArrayLike<number>,
  day: ArrayLike<number>,
  lags: number,
): number {
  const { hits, n } = directionalHits(predicted, realised);
  if (n === 0) return NaN;
  const p = hits / n;
  const sums: number[] = [];
  let i = 0;
  while (i < day.length) {
    let e = 0;
    let j = i;
    for (; j < day.length && day[j] === day[i]; j++) {
      const pr = predicted[j]!;
      const r = realised[j]!;
      if (!Number.isFinite(pr) || !Number.isFinite(r)) continue;
      const hit = pr === 0 ? 0.5 : pr > 0 === r > 0 ? 1 : 0;
      e += hit - p;
    }
    sums.push(e);
    i = j;
  }
  let v = 0;
  for (const e of sums) v += e * e;
  for (let l = 1; l <= lags; l++) {
    let c = 0;
    for (let d = l; d < sums.length; d++) c += sums[d]! * sums[d - l]!;
    v += 2 * (1 - l / (lags + 1)) * c;
  }
  return Math.sqrt(Math.max(v, 0)) / n;
}

/** The out-of-sample scores of one algorithm at one horizon. Fractions, not percents. */
export interface EvaluationMetrics {
  /** Scored predictions (finite prediction and realised target). */
  count: number;
  hitRate: number;
  /** Wilson interval (assumes independent predictions). */
  hitRateLow: number;
  hitRateHigh: number;
  /** hitRate ± z·SE with the day-clustered, overlap-aware SE (wider on real data, where a day's moves are shared). */
  hitRateClusteredLow: number;
  hitRateClusteredHigh: number;
  mae: number;
  rmse: number;
  /** 1 − MSE / MSE of the random walk (which predicts 0). */
  skillVsRandomWalk: number;
  /** 1 − SSE / Σ(r − r̄)² with r̄ the mean realised return of the scored set. */
  r2: number;
  ic: IcSummary;
  rankIc: IcSummary;
}

/**
 * Scores predictions against realised returns. `day` groups rows for the cross-sectional IC and the clustered hit-rate
 * interval and must be non-decreasing; `horizon` (days) sets the overlap lags of that interval.
 * Invariants: hitRateLow ≤ hitRate ≤ hitRateHigh; the random walk has skill 0 and hit rate ½.
 */
export function evaluatePredictions(
  predicted: ArrayLike<number>,
  realised: ArrayLike<number>,
  day: ArrayLike<number>,
  z = Z_95,
  horizon = 1,
): EvaluationMetrics {
  const { hits, n } = directionalHits(predicted, realised);
  let ae = 0;
  let se = 0;
  let sr = 0;
  let sr2 = 0;
  for (let i = 0; i < predicted.length; i++) {
    const p = predicted[i]!;
    const r = realised[i]!;
    if (!Number.isFinite(p) || !Number.isFinite(r)) continue;
    ae += Math.abs(p - r);
    se += (p - r) ** 2;
    sr += r;
    sr2 += r * r;
  }
  const ci = wilsonInterval(hits, n, z);
  const sst = sr2 - (n > 0 ? (sr * sr) / n : 0);
  const hitSe = dayClusteredHitRateSe(predicted, realised, day, Math.max(0, horizon - 1));
  const p = n > 0 ? hits / n : NaN;
  return {
    count: n,
    hitRate: p,
    hitRateLow: ci.low,
    hitRateHigh: ci.high,
    hitRateClusteredLow: Math.max(0, p - z * hitSe),
    hitRateClusteredHigh: Math.min(1, p + z * hitSe),
    mae: n > 0 ? ae / n : NaN,
    rmse: n > 0 ? Math.sqrt(se / n) : NaN,
    skillVsRandomWalk: sr2 > 0 ? 1 - se / sr2 : NaN,
    r2: sst > 0 ? 1 - se / sst : NaN,
    ic: summariseIc(dailyIc(predicted, realised, day, 'pearson')),
    rankIc: summariseIc(dailyIc(predicted, realised, day, 'spearman')),
  };
}
