/**
 * CART decision tree on the histogram split finder: variance reduction for regression, Gini decrease for 0/1 labels
 * (on 0/1 labels the two criteria coincide up to a factor 2), depth-first growth to maxDepth.
 * Leaf value = mean of y in the leaf (the class-1 frequency for classification).
 */
import { binMatrix } from './binning.ts';
import { checkCols, checkInput, LearnerInputError, withDefaults, type LearnerTask } from './common.ts';
import { Rng } from '../random.ts';
import { treeGrow, treePack, treePredictRow, type TreeState } from './tree.ts';

export interface CartOptions {
  /** 'regression' (variance) or 'classification' (Gini; predicts the leaf's class-1 frequency). Default 'regression'. */
  task?: LearnerTask;
  /** Maximum depth. Default 6. */
  maxDepth?: number;
  /** Minimum rows per leaf. Default 5. */
  minSamplesLeaf?: number;
  /** Maximum number of leaves (best-first when finite). Default Infinity. */
  maxLeaves?: number;
  /** Quantile bins per column, 2..256. Default 255. */
  maxBins?: number;
}

export interface CartState {
  kind: 'cart';
  task: LearnerTask;
  nCols: number;
  tree: TreeState;
}

const DEFAULTS = {
  task: 'regression' as LearnerTask,
  maxDepth: 6,
  minSamplesLeaf: 5,
  maxLeaves: Infinity,
  maxBins: 255,
};

/** Fits one greedy binary tree minimising within-leaf squared error of y (= Gini for 0/1 y). */
export function fit(
  X: Float64Array,
  nRows: number,
  nCols: number,
  y: Float64Array,
  options: CartOptions = {},
): CartState {
  const o = withDefaults(DEFAULTS, options);
  checkInput(X, nRows, nCols, y, o.task);
  if (!(o.maxDepth >= 1)) throw new LearnerInputError('maxDepth must be ≥ 1');
  const data = binMatrix(X, nRows, nCols, o.maxBins);
  const g = new Float64Array(nRows);
  for (let i = 0; i < nRows; i++) g[i] = -y[i]!;
  const h = new Float64Array(nRows).fill(1);
  const rows = new Uint32Array(nRows);
  for (let i = 0; i < nRows; i++) rows[i] = i;
  const tree = treeGrow(
    data,
    g,
    h,
    rows,
    {
      maxDepth: o.maxDepth,
      maxLeaves: o.maxLeaves,
      minSamplesLeaf: o.minSamplesLeaf,
      minHessianLeaf: 0,
      lambda: 0,
      minGain: 0,
      maxFeatures: nCols,
      randomSplits: false,
    },
    new Rng(0),
  );
  // JSON has no Infinity; the state carries only the tree.
  return { kind: 'cart', task: o.task, nCols, tree: tree.state };
}

/** Leaf mean of y for each row (class-1 probability for classification). */
export function predict(state: CartState, X: Float64Array, nRows: number, nCols: number): Float64Array {
  checkInput(X, nRows, nCols);
  checkCols(state.nCols, nCols);
  const packed = treePack(state.tree);
  const out = new Float64Array(nRows);
  for (let i = 0; i < nRows; i++) out[i] = treePredictRow(packed, X, i * nCols);
  return out;
}
