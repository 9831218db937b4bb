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
  /** Rows [0, split) are the earlier 80 % of the (day-ordered) training rows, [split, n) the latest 20 %. */
  split: number;
}

/** Standardised design matrix and winsorised return (or 0/1 direction) targets of the training rows. */
export function pooledMatrix(data: TrainingData, target: 'return' | 'direction'): PooledMatrix {
  const X = featureRows(data.features, data.rows);
  const n = data.rows.length;
  const y = target === 'return' ? winsorisedTargets(data) : directionTargets(data);
  return { X, n, p: data.features.cols, y, split: Math.floor(n * 0.8) };
}

/** Mean absolute winsorised return of the training rows (turns a probability into an expected return). */
export function meanAbsReturn(data: TrainingData): number {
  const y = winsorisedTargets(data);
  let s = 0;
  for (const v of y) s += Math.abs(v);
  return y.length > 0 ? s / y.length : 0;
}
