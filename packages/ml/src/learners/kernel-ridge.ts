/**
 * RBF kernel ridge regression: α = (K + λI)⁻¹(y − ȳ) with K_ij = exp(−γ‖z_i − z_j‖²) on standardised columns z,
 * solved by Cholesky; f(x) = ȳ + Σ_i α_i k(x, z_i). Cost O(m³) in the reference size m, so fit uses a seeded
 * subsample of at most maxRows rows (default 1,500; all rows when fewer).
 */
import {
  arrayMean,
  checkCols,
  checkInput,
  DISTANCE_BLOCK,
  LearnerInputError,
  scalerApply,
  scalerFit,
  squaredDistanceBlock,
  takeRows,
  toNumbers,
  withDefaults,
  type Scaler,
} from './common.ts';
import { Rng } from '../random.ts';

export interface KernelRidgeOptions {
  /** Ridge penalty λ added to the kernel diagonal. Default 1. */
  alpha?: number;
  /** RBF width γ; default 1/nCols (on standardised columns). */
  gamma?: number;
  /** Most training rows used (seeded subsample without replacement). Default 1500. */
  maxRows?: number;
  /** PRNG seed for the subsample. Default 0. */
  seed?: number;
}

export interface KernelRidgeState {
  kind: 'kernel-ridge';
  nCols: number;
  gamma: number;
  yMean: number;
  scaler: Scaler;
  /** Standardised reference rows, row-major (m × nCols). */
  refX: number[];
  /** Dual coefficients α (length m). */
  coef: number[];
}

/** In-place Cholesky A = LLᵀ of a symmetric positive-definite n × n row-major matrix (lower triangle written). */
export function choleskyInPlace(A: Float64Array, n: number): boolean {
  for (let i = 0; i < n; i++) {
    const io = i * n;
    for (let j = 0; j <= i; j++) {
      const jo = j * n;
      let s = A[io + j]!;
      for (let k = 0; k < j; k++) s -= A[io + k]! * A[jo + k]!;
      if (i === j) {
        if (!(s > 0)) return false;
        A[io + i] = Math.sqrt(s);
      } else {
        A[io + j] = s / A[jo + j]!;
      }
    }
  }
  return true;
}

/** Solves LLᵀx = b in place given the lower Cholesky factor L (row-major n × n). */
export function choleskySolveInPlace(L: Float64Array, n: number, b: Float64Array): void {
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= L[i * n + k]! * b[k]!;
    b[i] = s / L[i * n + i]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i]!;
    for (let k = i + 1; k < n; k++) s -= L[k * n + i]! * b[k]!;
    b[i] = s / L[i * n + i]!;
  }
}

function rbfGram(Z: Float64Array, m: number, nCols: number, gamma: number, alpha: number): Float64Array {
  const K = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j <= i; j++) {
      let d = 0;
      for (let c = 0; c < nCols; c++) {
        const t = Z[i * nCols + c]! - Z[j * nCols + c]!;
        d += t * t;
      }
      const v = Math.exp(-gamma * d);
      K[i * m + j] = v;
      K[j * m + i] = v;
    }
    K[i * m + i]! += alpha;
  }
  return K;
}

/** Fits the dual coefficients on ≤ maxRows standardised rows; adds diagonal jitter if K + λI is not numerically PD. */
export function fit(
  X: Float64Array,
  nRows: number,
  nCols: number,
  y: Float64Array,
  options: KernelRidgeOptions = {},
): KernelRidgeState {
  const o = withDefaults({ alpha: 1, gamma: 1 / nCols, maxRows: 1500, seed: 0 }, options);
  checkInput(X, nRows, nCols, y, 'regression');
  if (!(o.alpha >= 0) || !(o.gamma > 0)) throw new LearnerInputError('alpha must be ≥ 0 and gamma > 0');
  const scaler = scalerFit(X, nRows, nCols);
  const rows = new Rng(o.seed).sampleWithoutReplacement(nRows, Math.max(1, Math.floor(o.maxRows)));
  const m = rows.length;
  const Z = scalerApply(scaler, takeRows(X, nCols, rows), m, nCols);
  const ySub = Float64Array.from(rows, (r) => y[r]!);
  const yMean = arrayMean(ySub);
  let jitter = o.alpha;
  let L = rbfGram(Z, m, nCols, o.gamma, jitter);
  while (!choleskyInPlace(L, m)) {
    jitter = Math.max(jitter * 10, 1e-8);
    if (jitter > 1e6) throw new LearnerInputError('kernel matrix is not positive definite');
    L = rbfGram(Z, m, nCols, o.gamma, jitter);
  }
  const coef = Float64Array.from(ySub, (v) => v - yMean);
  choleskySolveInPlace(L, m, coef);
  return {
    kind: 'kernel-ridge',
    nCols,
    gamma: o.gamma,
    yMean,
    scaler,
    refX: toNumbers(Z),
    coef: toNumbers(coef),
  };
}

/** f(x) = ȳ + Σ_i α_i exp(−γ‖z(x) − z_i‖²); O(nRows · m · nCols). */
export function predict(
  state: KernelRidgeState,
  X: Float64Array,
  nRows: number,
  nCols: number,
): Float64Array {
  checkInput(X, nRows, nCols);
  checkCols(state.nCols, nCols);
  const Z = scalerApply(state.scaler, X, nRows, nCols);
  const ref = Float64Array.from(state.refX);
  const coef = Float64Array.from(state.coef);
  const m = coef.length;
  const out = new Float64Array(nRows);
  const g = state.gamma;
  const dist = new Float64Array(DISTANCE_BLOCK * m);
  for (let i0 = 0; i0 < nRows; i0 += DISTANCE_BLOCK) {
    const nb = squaredDistanceBlock(Z, nRows, i0, ref, m, nCols, dist);
    for (let b = 0; b < nb; b++) {
      let s = state.yMean;
      const o = b * m;
      for (let r = 0; r < m; r++) s += coef[r]! * Math.exp(-g * dist[o + r]!);
      out[i0 + b] = s;
    }
  }
  return out;
}
