/**
 * Extremely randomised trees (Geurts et al. 2006): no bootstrap; at each node every drawn column gets one cut
 * drawn uniformly between its node minimum and maximum, and the best of those cuts is kept; prediction = tree average.
 */
import { withDefaults, type LearnerTask } from './common.ts';
import { forestFit, forestPredict, type ForestState } from './forest-core.ts';

export interface ExtraTreesOptions {
  /** 'regression' or 'classification' (predicts P(y = 1)). Default 'regression'. */
  task?: LearnerTask;
  /** Number of trees. Default 50. */
  nTrees?: number;
  /** Maximum depth per tree. Default 8. */
  maxDepth?: number;
  /** Minimum rows per leaf. Default 5. */
  minSamplesLeaf?: number;
  /** Columns drawn per node: 'sqrt' (⌈√nCols⌉, the default), 'all', or a fraction in (0, 1]. */
  maxFeatures?: 'sqrt' | 'all' | number;
  /** Quantile bins per column (random cuts are snapped to bin edges), 2..256. Default 64. */
  maxBins?: number;
  /** PRNG seed. Default 0. */
  seed?: number;
}

export interface ExtraTreesState extends ForestState {
  kind: 'extra-trees';
}

const DEFAULTS = {
  task: 'regression' as LearnerTask,
  nTrees: 50,
  maxDepth: 8,
  minSamplesLeaf: 5,
  maxFeatures: 'sqrt' as 'sqrt' | 'all' | number,
  maxBins: 64,
  seed: 0,
};

/** Fits nTrees random-cut trees on all rows; the same seed gives the same ensemble. */
export function fit(
  X: Float64Array,
  nRows: number,
  nCols: number,
  y: Float64Array,
  options: ExtraTreesOptions = {},
): ExtraTreesState {
  const o = withDefaults(DEFAULTS, options);
  const s = forestFit(X, nRows, nCols, y, { ...o, sampleFraction: 1, bootstrap: false, randomSplits: true });
  return { kind: 'extra-trees', ...s };
}

/** Average tree prediction (class-1 probability for classification). */
export function predict(state: ExtraTreesState, X: Float64Array, nRows: number, nCols: number): Float64Array {
  return forestPredict(state, X, nRows, nCols);
}
