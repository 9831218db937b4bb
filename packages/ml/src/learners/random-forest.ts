/**
 * Random forest (Breiman): bagged histogram CART trees with a fresh random subset of columns at every node;
 * prediction = average of the trees (class-1 probability for classification).
 */
import { withDefaults, type LearnerTask } from './common.ts';
import { forestFit, forestPredict, type ForestState } from './forest-core.ts';

export interface RandomForestOptions {
  /** 'regression' or 'classification' (predicts P(y = 1)). Default 'regression'. */
  task?: LearnerTask;
  /** Number of trees. Default 100. */
  nTrees?: number;
  /** Maximum depth per tree. Default 8. */
  maxDepth?: number;
  /** Minimum (distinct) rows per leaf. Default 5. */
  minSamplesLeaf?: number;
  /** Columns drawn per node: 'sqrt' (⌈√nCols⌉), 'all', or a fraction in (0, 1]. Default 'sqrt'. */
  maxFeatures?: 'sqrt' | 'all' | number;
  /** Bootstrap sample size as a fraction of nRows (drawn with replacement). Default 1. */
  sampleFraction?: number;
  /** Quantile bins per column, 2..256. Default 64. */
  maxBins?: number;
  /** PRNG seed. Default 0. */
  seed?: number;
}

export interface RandomForestState extends ForestState {
  kind: 'random-forest';
}

const DEFAULTS = {
  task: 'regression' as LearnerTask,
  nTrees: 100,
  maxDepth: 8,
  minSamplesLeaf: 5,
  maxFeatures: 'sqrt' as 'sqrt' | 'all' | number,
  sampleFraction: 1,
  maxBins: 64,
  seed: 0,
};

/** Fits nTrees bootstrap trees with per-node column sampling; the same seed gives the same forest. */
export function fit(
  X: Float64Array,
  nRows: number,
  nCols: number,
  y: Float64Array,
  options: RandomForestOptions = {},
): RandomForestState {
  const o = withDefaults(DEFAULTS, options);
  const s = forestFit(X, nRows, nCols, y, { ...o, bootstrap: true, randomSplits: false });
  return { kind: 'random-forest', ...s };
}

/** Average tree prediction (class-1 probability for classification). */
export function predict(
  state: RandomForestState,
  X: Float64Array,
  nRows: number,
  nCols: number,
): Float64Array {
  return forestPredict(state, X, nRows, nCols);
}
