/** Training matrices for pooled models: standardised feature rows, winsorised targets, a temporal holdout split. */
import type { TrainingData } from '../algorithm.ts';
import { featureRows } from '../features.ts';

/** Targets beyond mean ± WINSOR_SD·sd (of the training rows) are clipped so a few jumps cannot dominate a fit. */
export const WINSOR_SD = 4;

/** Forward log returns of the training rows, clipped to mean ± 4 sd. */
export function winsorisedTargets(data: TrainingData): Float64Array {
  const t = data.features.targets[data.horizon].logReturn;
  const y = Float64Array.from(data.rows, (r) => t[r]!);
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
  return Float64Array.from(data.rows, (r) => t[r]!);
}

export interface PooledMatrix {
  X: Float64Array;
  n: number;
  p: number;
  y: Float64Array;
  /**
   * Temporal holdout with a gap: rows [split, n) are the latest ≈ 20 % of the (day-ordered) training rows, starting on
   * a day boundary; rows [0, trainEnd) are those at least h days before that day, so no training label overlaps a
   * holdout label (see holdoutSplit).
   */
  split: number;
  trainEnd: number;
}

/**
 * Inner 80/20 holdout of day-ordered training rows with a gap of h days: the holdout starts at the first row of the
 * day D holding row ⌊0.8·n⌋; the fitting part keeps rows of days ≤ D − h (their h-day labels are realised by D), so
 * a fitting label never overlaps a holdout label.
 */
export function holdoutSplit(data: TrainingData, n = data.rows.length): { split: number; trainEnd: number } {
  if (n === 0) return { split: 0, trainEnd: 0 };
  const day = data.features.rowDay;
  let split = Math.floor(n * 0.8);
  if (split >= n) return { split: n, trainEnd: n };
  const d = day[data.rows[split]!]!;
  while (split > 0 && day[data.rows[split - 1]!]! === d) split--;
  let trainEnd = split;
  while (trainEnd > 0 && day[data.rows[trainEnd - 1]!]! > d - data.horizon) trainEnd--;
  return { split, trainEnd };
}

/** Standardised design matrix and winsorised return (or 0/1 direction) targets of the training rows. */
export function pooledMatrix(data: TrainingData, target: 'return' | 'direction'): PooledMatrix {
  const X = featureRows(data.features, data.rows);
  const n = data.rows.length;
  const y = target === 'return' ? winsorisedTargets(data) : directionTargets(data);
  return { X, n, p: data.features.cols, y, ...holdoutSplit(data) };
}

/** Mean absolute winsorised return of the training rows (turns a probability into an expected return). */
export function meanAbsReturn(data: TrainingData): number {
  const y = winsorisedTargets(data);
  let s = 0;
  for (const v of y) s += Math.abs(v);
  return y.length > 0 ? s / y.length : 0;
}
