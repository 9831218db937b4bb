/**
 * Planted-signal data sets for the learner tests and the timing script (not used by the learners themselves).
 */
import { Rng } from '../src/random.ts';

export interface Dataset {
  X: Float64Array;
  y: Float64Array;
  nRows: number;
  nCols: number;
}

/** X ~ N(0, I); y = 2·x0 − x1 + noise·ε (linear regression signal). */
export function makeLinear(nRows: number, nCols: number, seed: number, noise = 0.5): Dataset {
  const r = new Rng(seed);
  const X = new Float64Array(nRows * nCols);
  const y = new Float64Array(nRows);
  for (let i = 0; i < nRows; i++) {
    for (let j = 0; j < nCols; j++) X[i * nCols + j] = r.normal();
    y[i] = 2 * X[i * nCols]! - X[i * nCols + 1]! + noise * r.normal();
  }
  return { X, y, nRows, nCols };
}

/** X ~ N(0, I); y = 3 if x0 > 0.5 else 0, plus noise·ε (a planted threshold rule). */
export function makeThreshold(nRows: number, nCols: number, seed: number, noise = 0.3): Dataset {
  const r = new Rng(seed);
  const X = new Float64Array(nRows * nCols);
  const y = new Float64Array(nRows);
  for (let i = 0; i < nRows; i++) {
    for (let j = 0; j < nCols; j++) X[i * nCols + j] = r.normal();
    y[i] = (X[i * nCols]! > 0.5 ? 3 : 0) + noise * r.normal();
  }
  return { X, y, nRows, nCols };
}

/** X ~ N(0, I); y = 1 if x0·x1 > 0 else 0, flipped with probability flip (nonlinear XOR-like rule). */
export function makeXor(nRows: number, nCols: number, seed: number, flip = 0): Dataset {
  const r = new Rng(seed);
  const X = new Float64Array(nRows * nCols);
  const y = new Float64Array(nRows);
  for (let i = 0; i < nRows; i++) {
    for (let j = 0; j < nCols; j++) X[i * nCols + j] = r.normal();
    const label = X[i * nCols]! * X[i * nCols + 1]! > 0 ? 1 : 0;
    y[i] = r.uniform() < flip ? 1 - label : label;
  }
  return { X, y, nRows, nCols };
}

/** X ~ N(0, I); y = 1 if 1.5·x0 − x1 + 0.5·ε > 0 (linearly separable up to noise). */
export function makeLinearClass(nRows: number, nCols: number, seed: number): Dataset {
  const r = new Rng(seed);
  const X = new Float64Array(nRows * nCols);
  const y = new Float64Array(nRows);
  for (let i = 0; i < nRows; i++) {
    for (let j = 0; j < nCols; j++) X[i * nCols + j] = r.normal();
    y[i] = 1.5 * X[i * nCols]! - X[i * nCols + 1]! + 0.5 * r.normal() > 0 ? 1 : 0;
  }
  return { X, y, nRows, nCols };
}

/** X ~ N(0, I), y ~ Bernoulli(1/2) independent of X (no signal). */
export function makeNoiseClass(nRows: number, nCols: number, seed: number): Dataset {
  const r = new Rng(seed);
  const X = new Float64Array(nRows * nCols);
  const y = new Float64Array(nRows);
  for (let i = 0; i < nRows * nCols; i++) X[i] = r.normal();
  for (let i = 0; i < nRows; i++) y[i] = r.uniform() < 0.5 ? 1 : 0;
  return { X, y, nRows, nCols };
}

/**
 * Sequences [nRows, seqLen, nFeatures] ~ N(0, 1); regression y = mean over the last 5 steps of feature 0
 * minus feature 1 at step seqLen − 3, plus noise; classification label = 1 if that value > 0.
 */
export function makeSequences(
  nRows: number,
  seqLen: number,
  nFeatures: number,
  seed: number,
  noise = 0.1,
): Dataset & { label: Float64Array } {
  const r = new Rng(seed);
  const nCols = seqLen * nFeatures;
  const X = new Float64Array(nRows * nCols);
  const y = new Float64Array(nRows);
  const label = new Float64Array(nRows);
  for (let i = 0; i < nRows; i++) {
    for (let k = 0; k < nCols; k++) X[i * nCols + k] = r.normal();
    let s = 0;
    for (let t = seqLen - 5; t < seqLen; t++) s += X[i * nCols + t * nFeatures]!;
    const v = s / 5 - X[i * nCols + (seqLen - 3) * nFeatures + 1]!;
    y[i] = v + noise * r.normal();
    label[i] = v > 0 ? 1 : 0;
  }
  return { X, y, nRows, nCols, label };
}

/** Coefficient of determination 1 − SSE/SST of predictions p for targets y. */
export function rSquared(y: Float64Array, p: Float64Array): number {
  let mu = 0;
  for (let i = 0; i < y.length; i++) mu += y[i]!;
  mu /= y.length;
  let sse = 0;
  let sst = 0;
  for (let i = 0; i < y.length; i++) {
    sse += (y[i]! - p[i]!) ** 2;
    sst += (y[i]! - mu) ** 2;
  }
  return 1 - sse / sst;
}

/** Share of rows where (p > 0.5) equals the 0/1 label. */
export function accuracy(y: Float64Array, p: Float64Array): number {
  let ok = 0;
  for (let i = 0; i < y.length; i++) if ((p[i]! > 0.5 ? 1 : 0) === y[i]) ok++;
  return ok / y.length;
}
