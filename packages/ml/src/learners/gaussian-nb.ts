/**
 * Gaussian naive Bayes for 0/1 labels: P(y | x) ∝ P(y)·Π_j N(x_j; μ_{y,j}, σ²_{y,j} + ε), with
 * ε = varSmoothing · max_j Var(x_j) (as in scikit-learn); non-finite inputs are left out of the product.
 */
import { sigmoid } from '../calibration.ts';
import { checkCols, checkInput, LearnerInputError, withDefaults } from './common.ts';

export interface GaussianNbOptions {
  /** Share of the largest column variance added to every variance. Default 1e-9. */
  varSmoothing?: number;
}

export interface GaussianNbState {
  kind: 'gaussian-nb';
  nCols: number;
  /** log P(y = 1) − log P(y = 0); ±Infinity is never stored (a missing class gives a constant model). */
  logPriorRatio: number;
  /** Set when the training labels hold one class only: predict this probability everywhere. */
  constant: number | null;
  mean0: number[];
  var0: number[];
  mean1: number[];
  var1: number[];
}

/** Per-class column means and smoothed variances (maximum likelihood). */
export function fit(
  X: Float64Array,
  nRows: number,
  nCols: number,
  y: Float64Array,
  options: GaussianNbOptions = {},
): GaussianNbState {
  const o = withDefaults({ varSmoothing: 1e-9 }, options);
  checkInput(X, nRows, nCols, y, 'classification');
  if (!(o.varSmoothing >= 0)) throw new LearnerInputError('varSmoothing must be ≥ 0');
  const stats = [0, 1].map((c) => {
    const sum = new Float64Array(nCols);
    const sq = new Float64Array(nCols);
    const cnt = new Float64Array(nCols);
    let n = 0;
    for (let i = 0; i < nRows; i++) {
      if (y[i] !== c) continue;
      n++;
      for (let j = 0; j < nCols; j++) {
        const v = X[i * nCols + j]!;
        if (!Number.isFinite(v)) continue;
        sum[j]! += v;
        sq[j]! += v * v;
        cnt[j]! += 1;
      }
    }
    const mean = Array.from(sum, (s, j) => (cnt[j]! > 0 ? s / cnt[j]! : 0));
    const variance = Array.from(sq, (s, j) => (cnt[j]! > 0 ? Math.max(0, s / cnt[j]! - mean[j]! ** 2) : 0));
    return { n, mean, variance };
  });
  const s0 = stats[0]!;
  const s1 = stats[1]!;
  // Largest overall column variance, for the smoothing term.
  let maxVar = 0;
  for (let j = 0; j < nCols; j++) {
    const m = (s0.n * s0.mean[j]! + s1.n * s1.mean[j]!) / nRows;
    const v =
      (s0.n * (s0.variance[j]! + (s0.mean[j]! - m) ** 2) +
        s1.n * (s1.variance[j]! + (s1.mean[j]! - m) ** 2)) /
      nRows;
    maxVar = Math.max(maxVar, v);
  }
  const eps = Math.max(o.varSmoothing * maxVar, 1e-300);
  const constant = s0.n === 0 ? 1 : s1.n === 0 ? 0 : null;
  return {
    kind: 'gaussian-nb',
    nCols,
    logPriorRatio: constant === null ? Math.log(s1.n / s0.n) : 0,
    constant,
    mean0: s0.mean,
    var0: s0.variance.map((v) => v + eps),
    mean1: s1.mean,
    var1: s1.variance.map((v) => v + eps),
  };
}

/** P(y = 1 | x) = σ(log-prior ratio + Σ_j [log N(x_j; μ1, σ1²) − log N(x_j; μ0, σ0²)]). */
export function predict(state: GaussianNbState, X: Float64Array, nRows: number, nCols: number): Float64Array {
  checkInput(X, nRows, nCols);
  checkCols(state.nCols, nCols);
  const out = new Float64Array(nRows);
  if (state.constant !== null) return out.fill(state.constant);
  const m0 = Float64Array.from(state.mean0);
  const m1 = Float64Array.from(state.mean1);
  const inv0 = Float64Array.from(state.var0, (v) => 0.5 / v);
  const inv1 = Float64Array.from(state.var1, (v) => 0.5 / v);
  const logNorm = Float64Array.from(state.var0, (v, j) => 0.5 * Math.log(v / state.var1[j]!));
  for (let i = 0; i < nRows; i++) {
    let z = state.logPriorRatio;
    for (let j = 0; j < nCols; j++) {
      const x = X[i * nCols + j]!;
      if (!Number.isFinite(x)) continue;
      z += logNorm[j]! - (x - m1[j]!) ** 2 * inv1[j]! + (x - m0[j]!) ** 2 * inv0[j]!;
    }
    out[i] = sigmoid(z);
  }
  return out;
}
