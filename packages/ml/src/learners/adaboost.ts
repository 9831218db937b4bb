/**
 * AdaBoost on shallow weighted histogram trees.
 * Classification = SAMME (K = 2): α_m = η·log((1 − err_m)/err_m), misclassified weights × e^{α_m};
 * P(y = 1 | x) = σ(Σ α_m·s_m(x)) with s_m = ±1, the additive-logistic reading of Friedman, Hastie & Tibshirani.
 * Regression = AdaBoost.R2 (Drucker 1997, linear loss): β_m = L̄/(1 − L̄), w_i × β_m^{η(1 − L_i)},
 * prediction = weighted median of the trees with weights log(1/β_m).
 */
import { binMatrix } from './binning.ts';
import { sigmoid } from '../calibration.ts';
import { checkCols, checkInput, LearnerInputError, withDefaults, type LearnerTask } from './common.ts';
import { Rng } from '../random.ts';
import { treeAddBinned, treeGrow, treePack, treePredictRow, type GrownTree, type TreeState } from './tree.ts';

export interface AdaBoostOptions {
  /** 'regression' (AdaBoost.R2) or 'classification' (SAMME). Default 'regression'. */
  task?: LearnerTask;
  /** Boosting rounds (fewer when a round reaches zero error or error ≥ 1/2). Default 50. */
  nEstimators?: number;
  /** Shrinkage η on each estimator weight. Default 1. */
  learningRate?: number;
  /** Depth of each tree. Default 2 (classification), 3 (regression). */
  maxDepth?: number;
  /** Minimum rows per leaf. Default 5. */
  minSamplesLeaf?: number;
  /** Quantile bins per column, 2..256. Default 64. */
  maxBins?: number;
}

export interface AdaBoostState {
  kind: 'adaboost';
  task: LearnerTask;
  nCols: number;
  trees: TreeState[];
  /** α_m (classification) or log(1/β_m) (regression). */
  weights: number[];
}

/** Fits SAMME or AdaBoost.R2; deterministic (weighted fits, no resampling). */
export function fit(
  X: Float64Array,
  nRows: number,
  nCols: number,
  y: Float64Array,
  options: AdaBoostOptions = {},
): AdaBoostState {
  const task = options.task ?? 'regression';
  const o = withDefaults(
    {
      task,
      nEstimators: 50,
      learningRate: 1,
      maxDepth: task === 'classification' ? 2 : 3,
      minSamplesLeaf: 5,
      maxBins: 64,
    },
    options,
  );
  checkInput(X, nRows, nCols, y, o.task);
  if (!(o.learningRate > 0)) throw new LearnerInputError('learningRate must be > 0');
  const data = binMatrix(X, nRows, nCols, o.maxBins);
  const w = new Float64Array(nRows).fill(1 / nRows);
  const g = new Float64Array(nRows);
  const rows = new Uint32Array(nRows);
  const pred = new Float64Array(nRows);
  const trees: TreeState[] = [];
  const weights: number[] = [];
  const rng = new Rng(0);
  const grow = (): GrownTree => {
    for (let i = 0; i < nRows; i++) {
      rows[i] = i;
      g[i] = -w[i]! * y[i]!;
    }
    const tree = treeGrow(
      data,
      g,
      w,
      rows,
      {
        maxDepth: o.maxDepth,
        maxLeaves: Infinity,
        minSamplesLeaf: o.minSamplesLeaf,
        minHessianLeaf: 0,
        lambda: 0,
        minGain: 0,
        maxFeatures: nCols,
        randomSplits: false,
      },
      rng,
    );
    pred.fill(0);
    treeAddBinned(tree, data, 1, pred);
    return tree;
  };

  for (let m = 0; m < o.nEstimators; m++) {
    const tree = grow();
    let wSum = 0;
    for (let i = 0; i < nRows; i++) wSum += w[i]!;
    if (o.task === 'classification') {
      let err = 0;
      for (let i = 0; i < nRows; i++) if ((pred[i]! > 0.5 ? 1 : 0) !== y[i]!) err += w[i]!;
      err /= wSum;
      if (err >= 0.5) {
        if (trees.length === 0) {
          trees.push(tree.state);
          weights.push(0);
        }
        break;
      }
      const e = Math.max(err, 1e-10);
      const alpha = o.learningRate * Math.log((1 - e) / e);
      trees.push(tree.state);
      weights.push(alpha);
      if (err <= 0) break;
      for (let i = 0; i < nRows; i++) if ((pred[i]! > 0.5 ? 1 : 0) !== y[i]!) w[i]! *= Math.exp(alpha);
    } else {
      let maxErr = 0;
      for (let i = 0; i < nRows; i++) maxErr = Math.max(maxErr, Math.abs(pred[i]! - y[i]!));
      if (maxErr <= 0) {
        trees.push(tree.state);
        weights.push(1);
        break;
      }
      let avgLoss = 0;
      for (let i = 0; i < nRows; i++) avgLoss += (w[i]! * Math.abs(pred[i]! - y[i]!)) / maxErr;
      avgLoss /= wSum;
      if (avgLoss >= 0.5) {
        if (trees.length === 0) {
          trees.push(tree.state);
          weights.push(1);
        }
        break;
      }
      const beta = Math.max(avgLoss, 1e-10) / (1 - avgLoss);
      trees.push(tree.state);
      weights.push(o.learningRate * Math.log(1 / beta));
      for (let i = 0; i < nRows; i++) {
        const loss = Math.abs(pred[i]! - y[i]!) / maxErr;
        w[i]! *= Math.pow(beta, o.learningRate * (1 - loss));
      }
    }
    let s = 0;
    for (let i = 0; i < nRows; i++) s += w[i]!;
    for (let i = 0; i < nRows; i++) w[i]! /= s;
  }
  return { kind: 'adaboost', task: o.task, nCols, trees, weights };
}

/** P(y = 1) = σ(Σ α_m·(±1)) for classification; weighted median of tree outputs for regression. */
export function predict(state: AdaBoostState, X: Float64Array, nRows: number, nCols: number): Float64Array {
  checkInput(X, nRows, nCols);
  checkCols(state.nCols, nCols);
  const M = state.trees.length;
  const packed = state.trees.map(treePack);
  const out = new Float64Array(nRows);
  if (state.task === 'classification') {
    for (let m = 0; m < M; m++) {
      const t = packed[m]!;
      const a = state.weights[m]!;
      for (let i = 0; i < nRows; i++) out[i]! += treePredictRow(t, X, i * nCols) > 0.5 ? a : -a;
    }
    for (let i = 0; i < nRows; i++) out[i] = sigmoid(out[i]!);
    return out;
  }
  const preds = new Float64Array(M);
  const order = new Int32Array(M);
  const wts = Float64Array.from(state.weights);
  let wTotal = 0;
  for (let m = 0; m < M; m++) wTotal += wts[m]!;
  for (let i = 0; i < nRows; i++) {
    for (let m = 0; m < M; m++) {
      preds[m] = treePredictRow(packed[m]!, X, i * nCols);
      order[m] = m;
    }
    order.sort((a, b) => preds[a]! - preds[b]!);
    let acc = 0;
    let med = preds[order[M - 1]!]!;
    for (let k = 0; k < M; k++) {
      acc += wts[order[k]!]!;
      if (acc >= 0.5 * wTotal) {
        med = preds[order[k]!]!;
        break;
      }
    }
    out[i] = med;
  }
  return out;
}
