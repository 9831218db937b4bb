/**
 * Histogram gradient-boosted trees (LightGBM-style): columns binned once into ≤ maxBins quantile bins,
 * trees grown leaf-wise (best-first, ≤ maxLeaves) or depth-wise on second-order gradient statistics.
 * F_0 = mean(y) (regression) or logit(mean y) (classification); F_m = F_{m−1} + η·tree_m,
 * squared loss g = F − y, h = 1; logistic loss g = σ(F) − y, h = σ(F)(1 − σ(F)).
 */
import { binMatrix } from './binning.ts';
import { sigmoid } from '../calibration.ts';
import {
  arrayMean,
  checkCols,
  checkInput,
  LearnerInputError,
  withDefaults,
  type LearnerTask,
} from './common.ts';
import { Rng } from '../random.ts';
import { treeAddBinned, treeGrow, treePack, treePredictRow, type TreeState } from './tree.ts';

export interface HistGbdtOptions {
  /** 'regression' (squared loss) or 'classification' (logistic loss, predicts P(y = 1)). Default 'regression'. */
  task?: LearnerTask;
  /** Boosting rounds. Default 100. */
  nRounds?: number;
  /** Shrinkage η applied to every tree. Default 0.1. */
  learningRate?: number;
  /** 'leaf' = best-first up to maxLeaves; 'depth' = full levels up to maxDepth. Default 'leaf'. */
  growth?: 'leaf' | 'depth';
  /** Leaf budget for leaf-wise growth. Default 31. */
  maxLeaves?: number;
  /** Depth limit (both growth modes). Default 8 for 'leaf', 6 for 'depth'. */
  maxDepth?: number;
  /** Minimum rows per leaf. Default 20. */
  minSamplesLeaf?: number;
  /** Minimum hessian sum per leaf. Default 1e-3. */
  minHessianLeaf?: number;
  /** L2 penalty λ on leaf values. Default 1. */
  l2?: number;
  /** Minimum loss reduction to split. Default 0. */
  minGain?: number;
  /** Quantile bins per column, 2..256. Default 255. */
  maxBins?: number;
  /** Fraction of rows drawn without replacement for each tree. Default 1. */
  subsample?: number;
  /** Fraction of columns drawn for each node's split search (1 = all, fastest: enables histogram subtraction). Default 1. */
  colsampleByNode?: number;
  /** Tail share of rows held out to pick the number of rounds (0 = off: all rows train, all rounds kept). Default 0. */
  validationFraction?: number;
  /** With a validation tail: stop after this many rounds without validation-loss improvement, keep the best prefix. Default 10. */
  earlyStoppingRounds?: number;
  /** PRNG seed for row/column subsampling. Default 0. */
  seed?: number;
}

export interface HistGbdtState {
  kind: 'hist-gbdt';
  task: LearnerTask;
  nCols: number;
  /** F_0: mean (regression) or log-odds (classification). */
  base: number;
  /** Trees with leaf values already multiplied by the learning rate. */
  trees: TreeState[];
  /** Validation loss (MSE or log-loss) of the kept prefix; −1 without a validation tail. */
  bestValidationLoss: number;
}

const DEFAULTS = {
  task: 'regression' as LearnerTask,
  nRounds: 100,
  learningRate: 0.1,
  growth: 'leaf' as 'leaf' | 'depth',
  maxLeaves: 31,
  minSamplesLeaf: 20,
  minHessianLeaf: 1e-3,
  l2: 1,
  minGain: 0,
  maxBins: 255,
  subsample: 1,
  colsampleByNode: 1,
  validationFraction: 0,
  earlyStoppingRounds: 10,
  seed: 0,
};

/** Fits F(x) = F_0 + Σ η·tree_m(x) by Newton boosting; state holds plain arrays only. */
export function fit(
  X: Float64Array,
  nRows: number,
  nCols: number,
  y: Float64Array,
  options: HistGbdtOptions = {},
): HistGbdtState {
  const o = withDefaults(DEFAULTS, options);
  checkInput(X, nRows, nCols, y, o.task);
  if (!(o.learningRate > 0)) throw new LearnerInputError('learningRate must be > 0');
  if (!(o.subsample > 0 && o.subsample <= 1)) throw new LearnerInputError('subsample must be in (0, 1]');
  if (!(o.colsampleByNode > 0 && o.colsampleByNode <= 1))
    throw new LearnerInputError('colsampleByNode must be in (0, 1]');
  const maxDepth = options.maxDepth ?? (o.growth === 'depth' ? 6 : 8);
  const rng = new Rng(o.seed);
  const data = binMatrix(X, nRows, nCols, o.maxBins);

  const nVal =
    o.validationFraction > 0 && nRows >= 50
      ? Math.max(1, Math.floor(Math.min(0.5, o.validationFraction) * nRows))
      : 0;
  const nTrain = nRows - nVal;
  const meanY = arrayMean(y.subarray(0, nTrain));
  const classification = o.task === 'classification';
  const pClamped = Math.min(1 - 1e-6, Math.max(1e-6, meanY));
  const base = classification ? Math.log(pClamped / (1 - pClamped)) : meanY;
  const F = new Float64Array(nRows).fill(base);
  const g = new Float64Array(nRows);
  const h = new Float64Array(nRows).fill(1);
  const nSub = Math.max(1, Math.round(o.subsample * nTrain));
  const allRows = new Uint32Array(nTrain);
  for (let i = 0; i < nTrain; i++) allRows[i] = i;
  const nColsUsed = Math.max(1, Math.round(o.colsampleByNode * nCols));
  const trees: TreeState[] = [];
  const validationLoss = (): number => {
    let loss = 0;
    for (let i = nTrain; i < nRows; i++) {
      if (classification) {
        const p = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(F[i]!)));
        loss -= y[i] === 1 ? Math.log(p) : Math.log(1 - p);
      } else {
        loss += (F[i]! - y[i]!) ** 2;
      }
    }
    return loss / nVal;
  };
  let bestLoss = nVal > 0 ? validationLoss() : Infinity;
  let bestCount = 0;

  for (let m = 0; m < o.nRounds; m++) {
    if (classification) {
      for (let i = 0; i < nTrain; i++) {
        const p = sigmoid(F[i]!);
        g[i] = p - y[i]!;
        h[i] = Math.max(p * (1 - p), 1e-12);
      }
    } else {
      for (let i = 0; i < nTrain; i++) g[i] = F[i]! - y[i]!;
    }
    const rows = nSub < nTrain ? rng.sampleWithoutReplacement(nTrain, nSub) : allRows.slice();
    const tree = treeGrow(
      data,
      g,
      h,
      rows,
      {
        maxDepth,
        maxLeaves: o.growth === 'depth' ? Infinity : o.maxLeaves,
        minSamplesLeaf: o.minSamplesLeaf,
        minHessianLeaf: o.minHessianLeaf,
        lambda: o.l2,
        minGain: o.minGain,
        maxFeatures: nColsUsed,
        randomSplits: false,
      },
      rng,
    );
    for (let k = 0; k < tree.state.value.length; k++) tree.state.value[k]! *= o.learningRate;
    treeAddBinned(tree, data, 1, F);
    trees.push(tree.state);
    if (nVal > 0) {
      const loss = validationLoss();
      if (loss < bestLoss - 1e-12) {
        bestLoss = loss;
        bestCount = trees.length;
      } else if (trees.length - bestCount >= o.earlyStoppingRounds) {
        break;
      }
    }
    if (tree.state.feature.length === 1 && tree.state.value[0] === 0) break;
  }
  if (nVal > 0) trees.length = bestCount;
  return {
    kind: 'hist-gbdt',
    task: o.task,
    nCols,
    base,
    trees,
    bestValidationLoss: nVal > 0 && Number.isFinite(bestLoss) ? bestLoss : -1,
  };
}

/** F(x) for regression, σ(F(x)) = P(y = 1 | x) for classification. */
export function predict(state: HistGbdtState, X: Float64Array, nRows: number, nCols: number): Float64Array {
  checkInput(X, nRows, nCols);
  checkCols(state.nCols, nCols);
  const out = new Float64Array(nRows).fill(state.base);
  for (const t of state.trees) {
    const packed = treePack(t);
    for (let i = 0; i < nRows; i++) out[i]! += treePredictRow(packed, X, i * nCols);
  }
  if (state.task === 'classification') for (let i = 0; i < nRows; i++) out[i] = sigmoid(out[i]!);
  return out;
}
