/**
 * k-nearest neighbours on standardised columns (Euclidean distance). To keep prediction tractable the model keeps
 * at most maxReference training rows, drawn without replacement with the seeded PRNG (all rows when fewer).
 * Prediction = mean of the k neighbours' y (class-1 share for classification), optionally 1/distance-weighted.
 */
import {
  checkCols,
  DISTANCE_BLOCK,
  squaredDistanceBlock,
  checkInput,
  LearnerInputError,
  scalerApply,
  scalerFit,
  takeRows,
  toNumbers,
  withDefaults,
  type LearnerTask,
  type Scaler,
} from './common.ts';
import { Rng } from '../random.ts';

export interface KnnOptions {
  /** 'regression' (neighbour mean) or 'classification' (neighbour share of class 1). Default 'regression'. */
  task?: LearnerTask;
  /** Number of neighbours. Default 15. */
  k?: number;
  /** 'uniform' or 'distance' (weights 1/(d + 1e-9)). Default 'uniform'. */
  weighting?: 'uniform' | 'distance';
  /** Most reference rows kept (seeded subsample without replacement). Default 2000. */
  maxReference?: number;
  /** PRNG seed for the reference subsample. Default 0. */
  seed?: number;
}

export interface KnnState {
  kind: 'knn';
  task: LearnerTask;
  nCols: number;
  k: number;
  weighting: 'uniform' | 'distance';
  scaler: Scaler;
  /** Standardised reference rows, row-major (nRef × nCols). */
  refX: number[];
  refY: number[];
}

const DEFAULTS = {
  task: 'regression' as LearnerTask,
  k: 15,
  weighting: 'uniform' as 'uniform' | 'distance',
  maxReference: 2000,
  seed: 0,
};

/** Stores the scaler and a seeded subsample of ≤ maxReference standardised rows with their targets. */
export function fit(
  X: Float64Array,
  nRows: number,
  nCols: number,
  y: Float64Array,
  options: KnnOptions = {},
): KnnState {
  const o = withDefaults(DEFAULTS, options);
  checkInput(X, nRows, nCols, y, o.task);
  if (!(Number.isInteger(o.k) && o.k >= 1)) throw new LearnerInputError('k must be a positive integer');
  if (!(o.maxReference >= 1)) throw new LearnerInputError('maxReference must be ≥ 1');
  const scaler = scalerFit(X, nRows, nCols);
  const rows = new Rng(o.seed).sampleWithoutReplacement(nRows, Math.floor(o.maxReference));
  const ref = scalerApply(scaler, takeRows(X, nCols, rows), rows.length, nCols);
  const refY = Array.from(rows, (r) => y[r]!);
  return {
    kind: 'knn',
    task: o.task,
    nCols,
    k: o.k,
    weighting: o.weighting,
    scaler,
    refX: toNumbers(ref),
    refY,
  };
}

/**
 * The k smallest of dist[off … off + nRef − 1] into bestD/bestI, ascending; ties keep the earlier reference row.
 * Returns how many were filled (min(k, nRef)).
 */
function selectNearest(
  dist: Float64Array,
  off: number,
  nRef: number,
  k: number,
  bestD: Float64Array,
  bestI: Int32Array,
): number {
  let filled = 0;
  for (let r = 0; r < nRef; r++) {
    const d = dist[off + r]!;
    const bound = filled === k ? bestD[k - 1]! : Infinity;
    if (d >= bound) continue;
    // Insertion into the sorted top-k list.
    let p = filled < k ? filled++ : k - 1;
    while (p > 0 && bestD[p - 1]! > d) {
      bestD[p] = bestD[p - 1]!;
      bestI[p] = bestI[p - 1]!;
      p--;
    }
    bestD[p] = d;
    bestI[p] = r;
  }
  return filled;
}

/**
 * Brute-force k-NN: O(nRows · nRef · nCols). The distances of DISTANCE_BLOCK queries to all references are computed
 * together (squaredDistanceBlock), then each query's k nearest are selected; ties keep the earlier reference row.
 */
export function predict(state: KnnState, X: Float64Array, nRows: number, nCols: number): Float64Array {
  checkInput(X, nRows, nCols);
  checkCols(state.nCols, nCols);
  const Z = scalerApply(state.scaler, X, nRows, nCols);
  const ref = Float64Array.from(state.refX);
  const refY = Float64Array.from(state.refY);
  const nRef = refY.length;
  const k = Math.min(state.k, nRef);
  const bestD = new Float64Array(k);
  const bestI = new Int32Array(k);
  const dist = new Float64Array(DISTANCE_BLOCK * nRef);
  const out = new Float64Array(nRows);
  for (let i0 = 0; i0 < nRows; i0 += DISTANCE_BLOCK) {
    const nb = squaredDistanceBlock(Z, nRows, i0, ref, nRef, nCols, dist);
    for (let b = 0; b < nb; b++) {
      const filled = selectNearest(dist, b * nRef, nRef, k, bestD, bestI);
      let s = 0;
      let ws = 0;
      for (let q = 0; q < filled; q++) {
        const w = state.weighting === 'distance' ? 1 / (Math.sqrt(bestD[q]!) + 1e-9) : 1;
        s += w * refY[bestI[q]!]!;
        ws += w;
      }
      out[i0 + b] = ws > 0 ? s / ws : 0;
    }
  }
  return out;
}
