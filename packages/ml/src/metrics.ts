import { directionalHit, marketDirectionBaseline } from '@bist/contracts';
import { type CrossSectionalCalibration, crossSectionalCalibration } from './calibration.ts';
import { dayClusteredMeanSe } from './clustered.ts';
import { averageRanks } from './ranks.ts';

export { averageRanks };

/**
 * Out-of-sample scores of return predictions: directional hit rate (day-clustered CI primary, Wilson secondary) beside
 * the always-up / always-down baselines and the edge over the better one, MAE, RMSE, skill vs the random walk,
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
 * Directional hits by the product's one rule (`directionalHit` of @bist/contracts): a pair whose realised return is
 * exactly 0, whose prediction is exactly 0 (no call) or with a non-finite value is excluded. `n` counts the scored
 * calls, `zeroReturns` the excluded rows with a call whose realised return was 0, `noCalls` the zero predictions with
 * a realised return, and `ups` the scored calls whose return was > 0 (always-up's hits on the same rows).
 */
export function directionalHits(
  predicted: ArrayLike<number>,
  realised: ArrayLike<number>,
): { hits: number; n: number; ups: number; zeroReturns: number; noCalls: number } {
  let hits = 0;
  let n = 0;
  let ups = 0;
  let zeroReturns = 0;
  let noCalls = 0;
  for (let i = 0; i < predicted.length; i++) {
    const p = predicted[i]!;
    const r = realised[i]!;
    if (!Number.isFinite(p) || !Number.isFinite(r)) continue;
    if (p === 0) {
      noCalls++;
      continue;
    }
    const h = directionalHit(p, r);
    if (h === null) {
      zeroReturns++;
      continue;
    }
    n++;
    if (h) hits++;
    if (r > 0) ups++;
  }
  return { hits, n, ups, zeroReturns, noCalls };
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

/** Spearman rank correlation (Pearson of average ranks) over finite pairs; NaN when undefined. */
export function spearman(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (Number.isFinite(a[i]!) && Number.isFinite(b[i]!)) n++;
  if (n < 3) return NaN;
  const xa = new Float64Array(n);
  const xb = new Float64Array(n);
  for (let i = 0, k = 0; i < a.length; i++) {
    if (Number.isFinite(a[i]!) && Number.isFinite(b[i]!)) {
      xa[k] = a[i]!;
      xb[k++] = b[i]!;
    }
  }
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
  return dailyIcs(predicted, [realised], day, kind)[0]!;
}

/**
 * dailyIc for several targets at once: a day's predictions (their ranks for Spearman) are prepared once and shared by
 * every target that is finite wherever the prediction is; a target with a gap on the day pairs its own rows. The
 * evaluation scores each model against the close-to-close and the tradable target on every day.
 */
export function dailyIcs(
  predicted: ArrayLike<number>,
  targets: readonly ArrayLike<number>[],
  day: ArrayLike<number>,
  kind: 'pearson' | 'spearman',
): Float64Array[] {
  // What is correlated: the values themselves (a copy: the day buffers are reused) or their average ranks.
  const prepare = kind === 'spearman' ? averageRanks : (v: Float64Array) => v.slice();
  const out = targets.map(() => new Float64Array(countDays(day)));
  // One day's rows with a finite prediction, their predictions and one target's values, reused across days.
  let rows = new Int32Array(64);
  let p = new Float64Array(64);
  let r = new Float64Array(64);
  let i = 0;
  for (let d = 0; i < day.length; d++) {
    let j = i;
    while (j < day.length && day[j] === day[i]) j++;
    if (j - i > rows.length) {
      rows = new Int32Array(j - i);
      p = new Float64Array(j - i);
      r = new Float64Array(j - i);
    }
    let m = 0;
    for (let k = i; k < j; k++) if (Number.isFinite(predicted[k]!)) rows[m++] = k;
    let prepared: Float64Array | null = null;
    for (let t = 0; t < targets.length; t++) {
      const target = targets[t]!;
      let n = 0;
      for (let c = 0; c < m; c++) {
        const k = rows[c]!;
        if (!Number.isFinite(target[k]!)) continue;
        p[n] = predicted[k]!;
        r[n++] = target[k]!;
      }
      if (n < MIN_IC_CROSS_SECTION) out[t]![d] = NaN;
      else if (n < m) out[t]![d] = pearson(prepare(p.subarray(0, n)), prepare(r.subarray(0, n)));
      else {
        // Finite wherever the prediction is: the day's prepared predictions are shared.
        prepared ??= prepare(p.subarray(0, n));
        out[t]![d] = pearson(prepared, prepare(r.subarray(0, n)));
      }
    }
    i = j;
  }
  return out;
}

/** Number of runs of equal values in a non-decreasing `day`. */
function countDays(day: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < day.length; i++) if (i === 0 || day[i] !== day[i - 1]) n++;
  return n;
}

/** Per row: 1 hit, 0 miss, NaN excluded (the `directionalHit` rule). */
function hitIndicators(predicted: ArrayLike<number>, realised: ArrayLike<number>): Float64Array {
  return Float64Array.from({ length: predicted.length }, (_, i) => {
    const h = directionalHit(predicted[i]!, realised[i]!);
    return h === null ? NaN : h ? 1 : 0;
  });
}

/** Day-clustered (Newey–West over `lags` days) standard error of the hit rate; see dayClusteredMeanSe. */
export function dayClusteredHitRateSe(
  predicted: ArrayLike<number>,
  realised: ArrayLike<number>,
  day: ArrayLike<number>,
  lags: number,
): number {
  return dayClusteredMeanSe(hitIndicators(predicted, realised), day, lags);
}

/**
 * Edge of a hit rate over the market-direction baseline on the same rows, with its day-clustered standard error: per
 * scored row d_i = hit_i − base_i, where base_i is the hit of always calling the side that was right more often
 * (`up` when at least half of the rows closed up). The edge is mean(d) = hitRate − baseline.
 */
export function edgeOverBaseline(
  predicted: ArrayLike<number>,
  realised: ArrayLike<number>,
  day: ArrayLike<number>,
  lags: number,
): { edge: number; se: number; side: 'up' | 'down' | null } {
  const { n, ups } = directionalHits(predicted, realised);
  if (n === 0) return { edge: NaN, se: NaN, side: null };
  const side = ups * 2 >= n ? 'up' : 'down';
  const hit = hitIndicators(predicted, realised);
  const d = Float64Array.from(hit, (h, i) =>
    Number.isNaN(h) ? NaN : h - (realised[i]! > 0 === (side === 'up') ? 1 : 0),
  );
  let s = 0;
  for (const x of d) if (!Number.isNaN(x)) s += x;
  return { edge: s / n, se: dayClusteredMeanSe(d, day, lags), side };
}

/** The out-of-sample scores of one algorithm at one horizon. Fractions, not percents. */
export interface EvaluationMetrics {
  /** Scored predictions (finite prediction and realised target). */
  count: number;
  /** Directional calls in the hit rate: count minus zero realised returns and zero predictions. */
  directionalCount: number;
  /** Share of rows with a call whose realised return was exactly 0 (excluded from the hit rate). */
  zeroReturnShare: number;
  /** Zero predictions (no call) with a realised return. */
  noCalls: number;
  hitRate: number;
  /** Wilson interval (assumes independent predictions). */
  hitRateLow: number;
  hitRateHigh: number;
  /** hitRate ± z·SE with the day-clustered, overlap-aware SE (wider on real data, where a day's moves are shared). */
  hitRateClusteredLow: number;
  hitRateClusteredHigh: number;
  /** Hit rates of always-up and always-down on the same rows, and the better of them ('piyasa yönü'). */
  alwaysUp: number;
  alwaysDown: number;
  baseline: number;
  /** hitRate − baseline and its day-clustered interval. */
  edge: number;
  edgeClusteredLow: number;
  edgeClusteredHigh: number;
  mae: number;
  rmse: number;
  /** 1 − MSE / MSE of the random walk (which predicts 0). */
  skillVsRandomWalk: number;
  /** 1 − SSE / Σ(r − r̄)² with r̄ the mean realised return of the scored set. */
  r2: number;
  ic: IcSummary;
  rankIc: IcSummary;
  /** Out-of-sample calibration to the cross-sectional direction (null with fewer than 200 usable rows). */
  calibration: CrossSectionalCalibration | null;
}

/**
 * Scores predictions against realised returns. `day` groups rows for the cross-sectional IC and the clustered hit-rate
 * interval and must be non-decreasing; `horizon` (days) sets the overlap lags of that interval.
 * Invariants: hitRateLow ≤ hitRate ≤ hitRateHigh; the random walk has skill 0 and no directional calls (hit rate NaN).
 */
export function evaluatePredictions(
  predicted: ArrayLike<number>,
  realised: ArrayLike<number>,
  day: ArrayLike<number>,
  z = Z_95,
  horizon = 1,
  /** dailyIc(predicted, realised, day, 'spearman') when the caller has it already (the walk-forward does). */
  rankIcDaily: ArrayLike<number> = dailyIc(predicted, realised, day, 'spearman'),
): EvaluationMetrics {
  const { hits, n, ups, zeroReturns, noCalls } = directionalHits(predicted, realised);
  let count = 0;
  let ae = 0;
  let se = 0;
  let sr = 0;
  let sr2 = 0;
  for (let i = 0; i < predicted.length; i++) {
    const p = predicted[i]!;
    const r = realised[i]!;
    if (!Number.isFinite(p) || !Number.isFinite(r)) continue;
    count++;
    ae += Math.abs(p - r);
    se += (p - r) ** 2;
    sr += r;
    sr2 += r * r;
  }
  const ci = wilsonInterval(hits, n, z);
  const sst = sr2 - (count > 0 ? (sr * sr) / count : 0);
  const lags = Math.max(0, horizon - 1);
  const hitSe = dayClusteredHitRateSe(predicted, realised, day, lags);
  const p = n > 0 ? hits / n : NaN;
  const base = marketDirectionBaseline(ups, n - ups);
  const edge = edgeOverBaseline(predicted, realised, day, lags);
  return {
    count,
    directionalCount: n,
    zeroReturnShare: n + zeroReturns > 0 ? zeroReturns / (n + zeroReturns) : NaN,
    noCalls,
    hitRate: p,
    hitRateLow: ci.low,
    hitRateHigh: ci.high,
    hitRateClusteredLow: Math.max(0, p - z * hitSe),
    hitRateClusteredHigh: Math.min(1, p + z * hitSe),
    alwaysUp: base.alwaysUp ?? NaN,
    alwaysDown: base.alwaysDown ?? NaN,
    baseline: base.best ?? NaN,
    edge: edge.edge,
    edgeClusteredLow: edge.edge - z * edge.se,
    edgeClusteredHigh: edge.edge + z * edge.se,
    mae: count > 0 ? ae / count : NaN,
    rmse: count > 0 ? Math.sqrt(se / count) : NaN,
    skillVsRandomWalk: sr2 > 0 ? 1 - se / sr2 : NaN,
    r2: sst > 0 ? 1 - se / sst : NaN,
    ic: summariseIc(dailyIc(predicted, realised, day, 'pearson')),
    rankIc: summariseIc(rankIcDaily),
    calibration: crossSectionalCalibration(predicted, realised, day, lags),
  };
}
