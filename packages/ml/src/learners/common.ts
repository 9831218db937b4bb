/**
 * Shared helpers for the learners: input checks, column standardisation, task type.
 * Everything takes and returns typed arrays; states hold plain number arrays so they survive JSON.
 */

/** Which target a learner models: a real value, or the probability of class 1 for 0/1 labels. */
export type LearnerTask = 'regression' | 'classification';

/** Thrown when a learner receives inconsistent shapes, non-finite targets or invalid options. */
export class LearnerInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LearnerInputError';
  }
}

/** Checks X is nRows × nCols (row-major) and, when given, y has nRows finite values (0/1 when classification). */
export function checkInput(
  X: Float64Array,
  nRows: number,
  nCols: number,
  y?: Float64Array,
  task?: LearnerTask,
): void {
  if (!Number.isInteger(nRows) || !Number.isInteger(nCols) || nRows < 0 || nCols < 1) {
    throw new LearnerInputError(`invalid shape ${nRows} × ${nCols}`);
  }
  if (X.length !== nRows * nCols) {
    throw new LearnerInputError(`X has ${X.length} values, expected ${nRows} × ${nCols} = ${nRows * nCols}`);
  }
  if (y === undefined) return;
  if (nRows < 1) throw new LearnerInputError('cannot fit on zero rows');
  if (y.length !== nRows) throw new LearnerInputError(`y has ${y.length} values, expected ${nRows}`);
  for (let i = 0; i < nRows; i++) {
    const v = y[i]!;
    if (!Number.isFinite(v)) throw new LearnerInputError(`y[${i}] is not finite`);
    if (task === 'classification' && v !== 0 && v !== 1) {
      throw new LearnerInputError(`classification needs 0/1 labels, y[${i}] = ${v}`);
    }
  }
}

/** Checks the model was fitted on the same number of columns as X has now. */
export function checkCols(expected: number, nCols: number): void {
  if (expected !== nCols)
    throw new LearnerInputError(`model was fitted on ${expected} columns, got ${nCols}`);
}

/** Column means and standard deviations (population); a constant or non-finite column gets std 1 so scaling is a no-op. */
export interface Scaler {
  mean: number[];
  std: number[];
}

/** Fits a Scaler on the columns of row-major X; non-finite values are ignored. */
export function scalerFit(X: Float64Array, nRows: number, nCols: number): Scaler {
  const sum = new Float64Array(nCols);
  const sumSq = new Float64Array(nCols);
  const count = new Float64Array(nCols);
  for (let i = 0; i < nRows; i++) {
    const o = i * nCols;
    for (let j = 0; j < nCols; j++) {
      const v = X[o + j]!;
      if (Number.isFinite(v)) {
        sum[j]! += v;
        count[j]! += 1;
      }
    }
  }
  const mean = new Array<number>(nCols);
  for (let j = 0; j < nCols; j++) mean[j] = count[j]! > 0 ? sum[j]! / count[j]! : 0;
  for (let i = 0; i < nRows; i++) {
    const o = i * nCols;
    for (let j = 0; j < nCols; j++) {
      const v = X[o + j]!;
      if (Number.isFinite(v)) {
        const d = v - mean[j]!;
        sumSq[j]! += d * d;
      }
    }
  }
  const std = new Array<number>(nCols);
  for (let j = 0; j < nCols; j++) {
    const s = count[j]! > 0 ? Math.sqrt(sumSq[j]! / count[j]!) : 0;
    std[j] = s > 1e-12 ? s : 1;
  }
  return { mean, std };
}

/** Returns (X − mean) / std column-wise as a new array; non-finite values become 0 (the column mean). */
export function scalerApply(scaler: Scaler, X: Float64Array, nRows: number, nCols: number): Float64Array {
  const out = new Float64Array(nRows * nCols);
  const mean = Float64Array.from(scaler.mean);
  const invStd = Float64Array.from(scaler.std, (s) => 1 / s);
  for (let i = 0; i < nRows; i++) {
    const o = i * nCols;
    for (let j = 0; j < nCols; j++) {
      const v = X[o + j]!;
      out[o + j] = Number.isFinite(v) ? (v - mean[j]!) * invStd[j]! : 0;
    }
  }
  return out;
}

/** Arithmetic mean of y (0 for an empty array). */
export function arrayMean(y: Float64Array): number {
  let s = 0;
  for (let i = 0; i < y.length; i++) s += y[i]!;
  return y.length > 0 ? s / y.length : 0;
}

/** Copies the rows listed in `rows` of row-major X into a new array. */
export function takeRows(X: Float64Array, nCols: number, rows: ArrayLike<number>): Float64Array {
  const out = new Float64Array(rows.length * nCols);
  for (let r = 0; r < rows.length; r++) {
    const src = rows[r]! * nCols;
    out.set(X.subarray(src, src + nCols), r * nCols);
  }
  return out;
}

/** Typed array → plain number[] for JSON-safe states. */
export function toNumbers(a: ArrayLike<number>): number[] {
  return Array.from(a);
}

/** Merges options over defaults, ignoring keys whose value is undefined. */
export function withDefaults<D extends object>(defaults: D, options: Partial<D>): D {
  const out = { ...defaults };
  for (const k of Object.keys(options) as (keyof D)[]) {
    const v = options[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** Query rows per squaredDistanceBlock call. */
export const DISTANCE_BLOCK = 4;

/**
 * Squared Euclidean distances of the (up to) DISTANCE_BLOCK query rows i0 … of row-major Z (nRows × nCols) to every
 * reference row of ref (nRef × nCols), written to dist[b · nRef + r] for query i0 + b; returns how many queries
 * (min(DISTANCE_BLOCK, nRows − i0)). Register-blocked — 4 queries × 2 references share each loaded value — for speed
 * (k-NN and kernel ridge spend their time here); each distance is still summed over the columns in ascending order,
 * so every value is bit-identical to the plain loop's.
 */
export function squaredDistanceBlock(
  Z: Float64Array,
  nRows: number,
  i0: number,
  ref: Float64Array,
  nRef: number,
  nCols: number,
  dist: Float64Array,
): number {
  const nb = Math.min(DISTANCE_BLOCK, nRows - i0);
  if (nb < DISTANCE_BLOCK) {
    for (let b = 0; b < nb; b++)
      for (let r = 0; r < nRef; r++)
        dist[b * nRef + r] = rowDistance(Z, (i0 + b) * nCols, ref, r * nCols, nCols);
    return nb;
  }
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
  for (; r < nRef; r++)
    for (let b = 0; b < DISTANCE_BLOCK; b++)
      dist[b * nRef + r] = rowDistance(Z, o0 + b * nCols, ref, r * nCols, nCols);
  return nb;
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
