/**
 * Shared fit/predict for averaged tree ensembles (random-forest, extra-trees): each tree is a histogram CART on
 * a bootstrap sample (multiplicities as weights) or on all rows, with per-node column draws; prediction = mean of trees.
 */
import { binMatrix } from './binning.ts';
import { checkCols, checkInput, LearnerInputError, type LearnerTask } from './common.ts';
import { Rng } from '../random.ts';
import { resolveMaxFeatures, treeGrow, treePack, treePredictRow, type TreeState } from './tree.ts';

export interface ForestConfig {
  task: LearnerTask;
  nTrees: number;
  maxDepth: number;
  minSamplesLeaf: number;
  maxFeatures: 'sqrt' | 'all' | number;
  maxBins: number;
  bootstrap: boolean;
  /** Bootstrap sample size as a fraction of nRows (only with bootstrap). */
  sampleFraction: number;
  randomSplits: boolean;
  seed: number;
}

export interface ForestState {
  task: LearnerTask;
  nCols: number;
  trees: TreeState[];
}

/** Grows cfg.nTrees trees; each bootstrap draw is seeded from cfg.seed, so equal seeds give equal forests. */
export function forestFit(
  X: Float64Array,
  nRows: number,
  nCols: number,
  y: Float64Array,
  cfg: ForestConfig,
): ForestState {
  checkInput(X, nRows, nCols, y, cfg.task);
  if (!(cfg.nTrees >= 1)) throw new LearnerInputError('nTrees must be ≥ 1');
  if (!(cfg.sampleFraction > 0 && cfg.sampleFraction <= 1))
    throw new LearnerInputError('sampleFraction must be in (0, 1]');
  const data = binMatrix(X, nRows, nCols, cfg.maxBins);
  const rng = new Rng(cfg.seed);
  const mtry = resolveMaxFeatures(cfg.maxFeatures, nCols);
  const g = new Float64Array(nRows);
  const h = new Float64Array(nRows);
  const count = new Float64Array(nRows);
  const trees: TreeState[] = [];
  const nDraw = Math.max(1, Math.round(cfg.sampleFraction * nRows));
  for (let t = 0; t < cfg.nTrees; t++) {
    let rows: Uint32Array;
    if (cfg.bootstrap) {
      count.fill(0);
      for (let k = 0; k < nDraw; k++) count[rng.int(nRows)]! += 1;
      let m = 0;
      for (let i = 0; i < nRows; i++) if (count[i]! > 0) m++;
      rows = new Uint32Array(m);
      m = 0;
      for (let i = 0; i < nRows; i++) {
        const c = count[i]!;
        h[i] = c;
        g[i] = -c * y[i]!;
        if (c > 0) rows[m++] = i;
      }
    } else {
      rows = new Uint32Array(nRows);
      for (let i = 0; i < nRows; i++) {
        rows[i] = i;
        h[i] = 1;
        g[i] = -y[i]!;
      }
    }
    const tree = treeGrow(
      data,
      g,
      h,
      rows,
      {
        maxDepth: cfg.maxDepth,
        maxLeaves: Infinity,
        minSamplesLeaf: cfg.minSamplesLeaf,
        minHessianLeaf: 0,
        lambda: 0,
        minGain: 0,
        maxFeatures: mtry,
        randomSplits: cfg.randomSplits,
      },
      rng,
    );
    trees.push(tree.state);
  }
  return { task: cfg.task, nCols, trees };
}

/** Mean of the trees' leaf values per row. */
export function forestPredict(
  state: ForestState,
  X: Float64Array,
  nRows: number,
  nCols: number,
): Float64Array {
  checkInput(X, nRows, nCols);
  checkCols(state.nCols, nCols);
  const out = new Float64Array(nRows);
  for (const t of state.trees) {
    const packed = treePack(t);
    for (let i = 0; i < nRows; i++) out[i]! += treePredictRow(packed, X, i * nCols);
  }
  const inv = 1 / Math.max(1, state.trees.length);
  for (let i = 0; i < nRows; i++) out[i]! *= inv;
  return out;
}
