/**
 * k-nearest neighbours on standardised columns (Euclidean distance). To keep prediction tractable the model keeps
 * at most maxReference training rows, drawn without replacement with the seeded PRNG (all rows when fewer).
 * Prediction = mean of the k neighbours' y (class-1 share for classification), optionally 1/distance-weighted.
 */
import {
  checkCols,
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

/** Queries per distance block (see blockDistances). */
const QUERY_BLOCK = 4;

/**
 * Squared Euclidean distances of the QUERY_BLOCK query rows starting at row i0 of Z to every reference row, written to
 * dist[b · nRef + r]. Register-blocked (4 queries × 2 references share each loaded value) for speed; every distance is
 * still summed over the columns in ascending order, so each value is bit-identical to the plain loop's.
 */
function blockDistances(
  Z: Float64Array,
  i0: number,
  ref: Float64Array,
  nRef: number,
  nCols: number,
  dist: Float64Array,
): void {
  const o0 = i0 * nCols;
  const o1 = o0 + nCols;
  const o2 = o1 + nCols;
  const o3 = o2 + nCols;
  let r = 0;
  for (; r + 1 < nRef; r += 2) {
    const ra = r * nCols;
    const rb = ra + nCols;
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    let b0 = 0;
    let b1 = 0;
    let b2 = 0;
    let b3 = 0;
    for (let j = 0; j < nCols; j++) {
      const va = ref[ra + j]!;
      const vb = ref[rb + j]!;
      const z0 = Z[o0 + j]!;
      const z1 = Z[o1 + j]!;
      const z2 = Z[o2 + j]!;
      const z3 = Z[o3 + j]!;
      let t = z0 - va;
      a0 += t * t;
      t = z1 - va;
      a1 += t * t;
      t = z2 - va;
      a2 += t * t;
      t = z3 - va;
      a3 += t * t;
      t = z0 - vb;
      b0 += t * t;
      t = z1 - vb;
      b1 += t * t;
      t = z2 - vb;
      b2 += t * t;
      t = z3 - vb;
      b3 += t * t;
    }
    dist[r] = a0;
    dist[nRef + r] = a1;
    dist[2 * nRef + r] = a2;
    dist[3 * nRef + r] = a3;
    dist[r + 1] = b0;
    dist[nRef + r + 1] = b1;
    dist[2 * nRef + r + 1] = b2;
    dist[3 * nRef + r + 1] = b3;
  }
  for (; r < nRef; r++) {
    for (let b = 0; b < QUERY_BLOCK; b++)
      dist[b * nRef + r] = rowDistance(Z, o0 + b * nCols, ref, r * nCols, nCols);
  }
}

/** Squared Euclidean distance of Z's row at offset o to ref's row at offset ro (columns in ascending order). */
function rowDistance(Z: Float64Array, o: number, ref: Float64Array, ro: number, nCols: number): number {
  let d = 0;
  for (let j = 0; j < nCols; j++) {
    const t = Z[o + j]! - ref[ro + j]!;
    d += t * t;
  }
  return d;
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
 * Brute-force k-NN: O(nRows · nRef · nCols). The distances of QUERY_BLOCK queries to all references are computed
 * together (blockDistances), then each query's k nearest are selected; ties keep the earlier reference row.
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
  const dist = new Float64Array(QUERY_BLOCK * nRef);
  const out = new Float64Array(nRows);
  for (let i0 = 0; i0 < nRows; i0 += QUERY_BLOCK) {
    const nb = Math.min(QUERY_BLOCK, nRows - i0);
    if (nb === QUERY_BLOCK) blockDistances(Z, i0, ref, nRef, nCols, dist);
    else
      for (let b = 0; b < nb; b++)
        for (let r = 0; r < nRef; r++)
          dist[b * nRef + r] = rowDistance(Z, (i0 + b) * nCols, ref, r * nCols, nCols);
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
