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
