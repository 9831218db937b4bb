/**
 * Linear SVM trained with Pegasos (Shalev-Shwartz et al. 2007): SGD on λ/2‖w‖² + mean hinge loss max(0, 1 − y·w·x)
 * with step 1/(λt), on standardised columns plus a constant column (so the bias is lightly regularised); the
 * returned w is the average of the iterates over the last half of training. Probabilities: Platt sigmoid on w·x.
 */
import {
  checkCols,
  checkInput,
  LearnerInputError,
  scalerApply,
  scalerFit,
  withDefaults,
  type Scaler,
} from './common.ts';
import { plattApply, plattFit, type PlattScaling } from '../calibration.ts';
import { Rng } from '../random.ts';

export interface LinearSvmOptions {
  /** Regularisation λ of the Pegasos objective (≈ 1/(C·n)). Default 1e-4. */
  lambda?: number;
  /** Passes over the (shuffled) training rows. Default 20. */
  epochs?: number;
  /** PRNG seed for the row order. Default 0. */
  seed?: number;
}

export interface LinearSvmState {
  kind: 'linear-svm';
  nCols: number;
  scaler: Scaler;
  /** Weights on standardised columns. */
  w: number[];
  bias: number;
  platt: PlattScaling;
}

/** Fits the averaged Pegasos hyperplane on y ∈ {0, 1} (mapped to ±1), then Platt-scales its training margins. */
export function fit(
  X: Float64Array,
  nRows: number,
  nCols: number,
  y: Float64Array,
  options: LinearSvmOptions = {},
): LinearSvmState {
  const o = withDefaults({ lambda: 1e-4, epochs: 20, seed: 0 }, options);
  checkInput(X, nRows, nCols, y, 'classification');
  if (!(o.lambda > 0)) throw new LearnerInputError('lambda must be > 0');
  const scaler = scalerFit(X, nRows, nCols);
  const Z = scalerApply(scaler, X, nRows, nCols);
  const rng = new Rng(o.seed);
  const d = nCols + 1;
  const w = new Float64Array(d);
  const wAvg = new Float64Array(d);
  let nAvg = 0;
  const order = new Uint32Array(nRows);
  for (let i = 0; i < nRows; i++) order[i] = i;
  const total = o.epochs * nRows;
  const radius = 1 / Math.sqrt(o.lambda);
  let t = 0;
  for (let e = 0; e < o.epochs; e++) {
    rng.shuffle(order);
    for (let r = 0; r < nRows; r++) {
      t++;
      const i = order[r]!;
      const yi = y[i] === 1 ? 1 : -1;
      const off = i * nCols;
      let margin = w[nCols]!;
      for (let j = 0; j < nCols; j++) margin += w[j]! * Z[off + j]!;
      const eta = 1 / (o.lambda * t);
      const shrink = 1 - eta * o.lambda;
      for (let j = 0; j < d; j++) w[j]! *= shrink;
      if (yi * margin < 1) {
        for (let j = 0; j < nCols; j++) w[j]! += eta * yi * Z[off + j]!;
        w[nCols]! += eta * yi;
      }
      // Optional Pegasos projection onto the ball ‖w‖ ≤ 1/√λ, which contains the optimum.
      let norm = 0;
      for (let j = 0; j < d; j++) norm += w[j]! * w[j]!;
      norm = Math.sqrt(norm);
      if (norm > radius) for (let j = 0; j < d; j++) w[j]! *= radius / norm;
      if (t > total / 2) {
        nAvg++;
        for (let j = 0; j < d; j++) wAvg[j]! += (w[j]! - wAvg[j]!) / nAvg;
      }
    }
  }
  const margins = new Float64Array(nRows);
  for (let i = 0; i < nRows; i++) {
    let m = wAvg[nCols]!;
    for (let j = 0; j < nCols; j++) m += wAvg[j]! * Z[i * nCols + j]!;
    margins[i] = m;
  }
  return {
    kind: 'linear-svm',
    nCols,
    scaler,
    w: Array.from(wAvg.subarray(0, nCols)),
    bias: wAvg[nCols]!,
    platt: plattFit(margins, y),
  };
}

/** Signed margins w·z + b on standardised inputs. */
export function decisionFunction(
  state: LinearSvmState,
  X: Float64Array,
  nRows: number,
  nCols: number,
): Float64Array {
  checkInput(X, nRows, nCols);
  checkCols(state.nCols, nCols);
  const Z = scalerApply(state.scaler, X, nRows, nCols);
  const out = new Float64Array(nRows);
  for (let i = 0; i < nRows; i++) {
    let m = state.bias;
    for (let j = 0; j < nCols; j++) m += state.w[j]! * Z[i * nCols + j]!;
    out[i] = m;
  }
  return out;
}

/** P(y = 1 | x) = σ(a·margin + b) (Platt). */
export function predict(state: LinearSvmState, X: Float64Array, nRows: number, nCols: number): Float64Array {
  const f = decisionFunction(state, X, nRows, nCols);
  for (let i = 0; i < nRows; i++) f[i] = plattApply(state.platt, f[i]!);
  return f;
}
