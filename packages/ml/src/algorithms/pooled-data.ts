/** Training matrices for pooled models: standardised feature rows, winsorised targets, a temporal holdout split. */
import type { TrainingData } from '../algorithm.ts';
import { featureRows, gather } from '../features.ts';
import { averageRanks } from '../ranks.ts';

/** Targets beyond mean ± WINSOR_SD·sd (of the training rows) are clipped so a few jumps cannot dominate a fit. */
export const WINSOR_SD = 4;

/** Forward log returns of the training rows, clipped to mean ± 4 sd. */
export function winsorisedTargets(data: TrainingData): Float64Array {
  const t = data.features.targets[data.horizon].logReturn;
  const y = gather(t, data.rows);
  let s = 0;
  let ss = 0;
  for (const v of y) {
    s += v;
    ss += v * v;
  }
  const n = Math.max(1, y.length);
  const mu = s / n;
  const sd = Math.sqrt(Math.max(0, ss / n - mu * mu));
  const lo = mu - WINSOR_SD * sd;
  const hi = mu + WINSOR_SD * sd;
  for (let i = 0; i < y.length; i++) y[i] = Math.min(hi, Math.max(lo, y[i]!));
  return y;
}

/** Direction labels (1 if the forward return > 0) of the training rows. */
export function directionTargets(data: TrainingData): Float64Array {
  const t = data.features.targets[data.horizon].direction;
  return gather(t, data.rows);
}

export interface PooledMatrix {
  X: Float64Array;
  n: number;
  p: number;
  y: Float64Array;
  /**
   * Temporal holdout with a gap: rows [split, n) are the latest ≈ 20 % of the (day-ordered) training rows, starting on
   * a day boundary; rows [0, trainEnd) are those more than h days before that day, so no training label overlaps a
   * holdout label (see holdoutSplit).
   */
  split: number;
  trainEnd: number;
  /** The purged, embargoed K-fold of the rows (purgedKFold). */
  folds: PurgedFold[];
}

/**
 * The end of the rows a fit keeps before the day-ordered row `start`: rows of days ≥ day(start) − h are dropped (the h
 * days before start's day and that day itself), so every kept label is realised before start's day.
 */
function purgedEnd(data: TrainingData, start: number): number {
  const day = data.features.rowDay;
  const d = day[data.rows[start]!]!;
  let end = start;
  while (end > 0 && day[data.rows[end - 1]!]! >= d - data.horizon) end--;
  return end;
}

/**
 * Inner 80/20 holdout of day-ordered training rows with a gap of h days: the holdout starts at the first row of the
 * day D holding row ⌊0.8·n⌋; the fitting part keeps rows of days < D − h (the h days before D are dropped), so a
 * fitting label is realised before D and never overlaps a holdout label.
 */
export function holdoutSplit(data: TrainingData, n = data.rows.length): { split: number; trainEnd: number } {
  if (n === 0) return { split: 0, trainEnd: 0 };
  const day = data.features.rowDay;
  let split = Math.floor(n * 0.8);
  if (split >= n) return { split: n, trainEnd: n };
  const d = day[data.rows[split]!]!;
  while (split > 0 && day[data.rows[split - 1]!]! === d) split--;
  return { split, trainEnd: purgedEnd(data, split) };
}

/**
 * Rows to leave out just before a validation tail of `nVal` rows of the day-ordered training rows (a learner's early
 * stopping): those of the tail's first day that precede it and of the h days before that day, so no fitting label
 * overlaps a validation label (as in holdoutSplit).
 */
export function tailGap(data: TrainingData, nVal: number, n = data.rows.length): number {
  if (nVal <= 0 || nVal >= n) return 0;
  return n - nVal - purgedEnd(data, n - nVal);
}

/** Folds of the purged, embargoed K-fold (purgedKFold) in which the penalised linear models choose their penalty. */
const PENALTY_CV_FOLDS = 5;

/**
 * One fold of a purged, embargoed K-fold over day-ordered rows: it validates on rows [valFrom, valTo) (whole days) and
 * fits on the rows outside [cutFrom, cutTo), which adds to the validation days the h days before them (purge: a
 * fitting label realised inside the validation days) and the h days after them (embargo: a fitting row whose
 * features overlap a validation label's window).
 */
export interface PurgedFold {
  valFrom: number;
  valTo: number;
  cutFrom: number;
  cutTo: number;
}

/**
 * K contiguous validation blocks of ≈ n/K rows, each starting on a day boundary, with their purged and embargoed
 * fitting rows (PurgedFold), all inside the training window. Blocks of no rows are left out.
 */
export function purgedKFold(data: TrainingData, k = PENALTY_CV_FOLDS, n = data.rows.length): PurgedFold[] {
  const day = (i: number) => data.features.rowDay[data.rows[i]!]!;
  // Block starts on day boundaries: the first row of the day holding row ⌊i·n/K⌋.
  const starts: number[] = [];
  for (let f = 0; f < k; f++) {
    let s = Math.floor((f * n) / k);
    while (s > 0 && s < n && day(s - 1) === day(s)) s--;
    if (s < n && (starts.length === 0 || s > starts[starts.length - 1]!)) starts.push(s);
  }
  const h = data.horizon;
  return starts.map((valFrom, f) => {
    const valTo = starts[f + 1] ?? n;
    const cutFrom = purgedEnd(data, valFrom);
    let cutTo = valTo;
    while (cutTo < n && day(cutTo) <= day(valTo - 1) + h) cutTo++;
    return { valFrom, valTo, cutFrom, cutTo };
  });
}

/** Standardised design matrix and the cross-sectional return (or 0/1 direction) targets of the training rows. */
export function pooledMatrix(data: TrainingData, target: 'cross-sectional' | 'direction'): PooledMatrix {
  const X = featureRows(data.features, data.rows);
  const n = data.rows.length;
  const y = target === 'cross-sectional' ? crossSectionalTargets(data) : directionTargets(data);
  return { X, n, p: data.features.cols, y, ...holdoutSplit(data), folds: purgedKFold(data) };
}

/** Mean absolute winsorised return of the training rows (turns a probability into an expected return). */
export function meanAbsReturn(data: TrainingData): number {
  const y = winsorisedTargets(data);
  let s = 0;
  for (const v of y) s += Math.abs(v);
  return y.length > 0 ? s / y.length : 0;
}

/** Φ⁻¹(p), the standard normal quantile, by Acklam's rational approximation (relative error < 1.2·10⁻⁹). */
export function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const lo = 0.02425;
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1)
    );
  }
  if (p > 1 - lo) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/** Φ⁻¹((r − ½)/m) for the average ranks r of m values (whole or half numbers), indexed by 2r; one table per m. */
const gaussTables = new Map<number, Float64Array>();
function gaussTable(m: number): Float64Array {
  let t = gaussTables.get(m);
  if (!t) {
    t = new Float64Array(2 * m + 1);
    for (let k = 2; k <= 2 * m; k++) t[k] = normalQuantile((k / 2 - 0.5) / m);
    gaussTables.set(m, t);
  }
  return t;
}

/**
 * The rank-gauss transform of m finite values: Φ⁻¹((r − ½)/m) of each value's average rank r (ties share the mean
 * rank), with the ranks themselves. One cross-section's values in, standard-normal scores out; the pooled learners'
 * targets and the stacking blend's inputs both go through it.
 */
export function rankGauss(values: Float64Array): { z: Float64Array; ranks: Float64Array } {
  const m = values.length;
  const ranks = averageRanks(values);
  const z = new Float64Array(m);
  const table = gaussTable(m);
  // 2r is a whole number: ranks are whole, or half-way for an even group of ties.
  for (let j = 0; j < m; j++) z[j] = table[(2 * ranks[j]!) | 0]!;
  return { z, ranks };
}

/**
 * The per-day cross-sectional target of pooled learners: within each training day, the forward returns are
 * rank-gauss transformed, Φ⁻¹((rank − ½)/n) with average ranks for ties, and multiplied by the training rows' mean
 * within-day sd of the return. A model fitted on it predicts how far a stock ends above or below its day's average
 * in return units; the market's common move, which no stock-level feature can forecast, is removed from the target.
 * Days with a single training row get 0.
 */
export function crossSectionalTargets(data: TrainingData): Float64Array {
  const t = data.features.targets[data.horizon].logReturn;
  const rowDay = data.features.rowDay;
  const rows = data.rows;
  const y = new Float64Array(rows.length);
  let sdSum = 0;
  let sdDays = 0;
  let i = 0;
  while (i < rows.length) {
    let j = i;
    while (j < rows.length && rowDay[rows[j]!] === rowDay[rows[i]!]) j++;
    const day = dayCrossSection(t, rows.subarray(i, j));
    if (day) {
      y.set(day.z, i);
      sdSum += day.sd;
      sdDays++;
    }
    i = j;
  }
  const scale = sdDays > 0 ? sdSum / sdDays : 0;
  for (let k = 0; k < y.length; k++) y[k]! *= scale;
  return y;
}

/**
 * One day's part of crossSectionalTargets: the rank-gauss z of the day's forward returns `t[rows]` and their sd; null
 * for a day of fewer than 2 rows (its rows get 0 and its sd does not count).
 */
export function dayCrossSection(t: Float64Array, rows: Int32Array): { z: Float64Array; sd: number } | null {
  const m = rows.length;
  if (m < 2) return null;
  const z = rankGauss(gather(t, rows)).z;
  let s = 0;
  let ss = 0;
  for (let k = 0; k < m; k++) {
    const v = t[rows[k]!]!;
    s += v;
    ss += v * v;
  }
  return { z, sd: Math.sqrt(Math.max(0, ss / m - (s / m) ** 2)) };
}
