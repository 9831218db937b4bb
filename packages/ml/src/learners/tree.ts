/**
 * Histogram tree grower shared by every tree learner (hist-gbdt, cart, random-forest, extra-trees, adaboost).
 * Second-order form: a node with gradient sum G and hessian sum H has leaf value −G/(H+λ) and score G²/(H+λ);
 * a split's gain is score(L) + score(R) − score(parent). With g = −w·y, h = w and λ = 0 this is weighted
 * variance reduction (and, on 0/1 labels, Gini decrease), and the leaf value is the weighted mean of y.
 */
import type { BinnedMatrix } from './binning.ts';
import type { Rng } from '../random.ts';

/** Growth limits and split rules for one tree. */
export interface TreeParams {
  /** Maximum depth (root = depth 0); ≥ 1. */
  maxDepth: number;
  /** Maximum number of leaves (best-first growth when finite; Infinity = grow depth-first to maxDepth). */
  maxLeaves: number;
  /** Minimum training rows in each child. */
  minSamplesLeaf: number;
  /** Minimum hessian (weight) sum in each child. */
  minHessianLeaf: number;
  /** L2 penalty λ on leaf values. */
  lambda: number;
  /** A split must improve the score by more than this. */
  minGain: number;
  /** Columns drawn (without replacement) for each node's split search; ≥ nCols means all columns. */
  maxFeatures: number;
  /** Extremely randomised trees: one uniform random cut per drawn column (inside the node's range) instead of the best cut. */
  randomSplits: boolean;
}

/** A fitted tree as plain arrays (JSON-safe); node 0 is the root, feature −1 marks a leaf. x > threshold goes right (NaN goes left). */
export interface TreeState {
  feature: number[];
  threshold: number[];
  left: number[];
  right: number[];
  value: number[];
}

/** A tree during training: also keeps the global bin cut of each split for fast traversal of binned rows. */
export interface GrownTree {
  state: TreeState;
  /** Global bin index: binned value > binCut goes right. */
  binCut: number[];
}

interface Leaf {
  node: number;
  start: number;
  end: number;
  depth: number;
  sumG: number;
  sumH: number;
  hist: Float64Array | null;
  gain: number;
  feature: number;
  cut: number;
}

/**
 * Grows one tree on rows `rows` (permuted in place) with per-row gradients g and hessians h.
 * Leaf values are −G/(H+λ); the caller scales them (e.g. by a learning rate).
 */
export function treeGrow(
  data: BinnedMatrix,
  g: Float64Array,
  h: Float64Array,
  rows: Uint32Array,
  params: TreeParams,
  rng: Rng,
): GrownTree {
  const { nCols, globalBins, binOffset, edges } = data;
  const totalBins = binOffset[nCols]!;
  const lambda = params.lambda;
  const minLeaf = Math.max(1, params.minSamplesLeaf);
  const minHess = params.minHessianLeaf;
  const mtry = Math.max(1, Math.min(nCols, Math.floor(params.maxFeatures)));
  const allFeatures = mtry >= nCols;
  const bestFirst = Number.isFinite(params.maxLeaves);
  const maxLeaves = Math.max(1, params.maxLeaves);

  const state: TreeState = { feature: [], threshold: [], left: [], right: [], value: [] };
  const binCut: number[] = [];
  const newNode = (sumG: number, sumH: number): number => {
    state.feature.push(-1);
    state.threshold.push(0);
    state.left.push(-1);
    state.right.push(-1);
    state.value.push(sumH + lambda > 0 ? -sumG / (sumH + lambda) : 0);
    binCut.push(0);
    return state.feature.length - 1;
  };

  const pool: Float64Array[] = [];
  const takeHist = (): Float64Array => pool.pop() ?? new Float64Array(totalBins * 3);
  const featureBuf = new Int32Array(nCols);
  for (let j = 0; j < nCols; j++) featureBuf[j] = j;
  const tmpRows = new Uint32Array(rows.length);
  let unitHessian = true;
  for (let r = 0; r < rows.length && unitHessian; r++) unitHessian = h[rows[r]!] === 1;

  /** Picks this node's candidate columns into featureBuf[0..mtry). */
  const drawFeatures = (): void => {
    if (allFeatures) return;
    for (let i = 0; i < mtry; i++) {
      const k = i + rng.int(nCols - i);
      const t = featureBuf[i]!;
      featureBuf[i] = featureBuf[k]!;
      featureBuf[k] = t;
    }
  };

  /** Accumulates (G, H, count) per global bin over rows[start, end) for the first nF columns of featureBuf. */
  const buildHist = (hist: Float64Array, start: number, end: number, nF: number): void => {
    if (nF >= nCols) {
      hist.fill(0);
      if (unitHessian) {
        // h ≡ 1 (squared loss, unweighted trees): the hessian sum equals the count, filled in after the pass.
        for (let r = start; r < end; r++) {
          const row = rows[r]!;
          const gi = g[row]!;
          const o = row * nCols;
          for (let j = 0; j < nCols; j++) {
            const k = globalBins[o + j]! * 3;
            hist[k]! += gi;
            hist[k + 2]! += 1;
          }
        }
        for (let k = 0; k < hist.length; k += 3) hist[k + 1] = hist[k + 2]!;
        return;
      }
      for (let r = start; r < end; r++) {
        const row = rows[r]!;
        const gi = g[row]!;
        const hi = h[row]!;
        const o = row * nCols;
        for (let j = 0; j < nCols; j++) {
          const k = globalBins[o + j]! * 3;
          hist[k]! += gi;
          hist[k + 1]! += hi;
          hist[k + 2]! += 1;
        }
      }
      return;
    }
    for (let q = 0; q < nF; q++) {
      const j = featureBuf[q]!;
      hist.fill(0, binOffset[j]! * 3, binOffset[j + 1]! * 3);
    }
    for (let r = start; r < end; r++) {
      const row = rows[r]!;
      const gi = g[row]!;
      const hi = h[row]!;
      const o = row * nCols;
      for (let q = 0; q < nF; q++) {
        const k = globalBins[o + featureBuf[q]!]! * 3;
        hist[k]! += gi;
        hist[k + 1]! += hi;
        hist[k + 2]! += 1;
      }
    }
  };

  /** Finds the best split of a leaf over featureBuf[0..mtry) from its histogram; sets leaf.gain/feature/cut. */
  const findSplit = (leaf: Leaf): void => {
    leaf.gain = -Infinity;
    leaf.feature = -1;
    const hist = leaf.hist!;
    const n = leaf.end - leaf.start;
    const G = leaf.sumG;
    const H = leaf.sumH;
    const parentScore = (G * G) / (H + lambda);
    const threshold = Math.max(params.minGain, 1e-12 * Math.abs(parentScore), 1e-300);
    for (let q = 0; q < mtry; q++) {
      const j = featureBuf[q]!;
      const off = binOffset[j]!;
      const nb = binOffset[j + 1]! - off;
      if (nb < 2) continue;
      let gl = 0;
      let hl = 0;
      let nl = 0;
      for (let b = 0; b <= nb - 2; b++) {
        const k = (off + b) * 3;
        gl += hist[k]!;
        hl += hist[k + 1]!;
        nl += hist[k + 2]!;
        if (nl < minLeaf || hl < minHess) continue;
        const nr = n - nl;
        const hr = H - hl;
        if (nr < minLeaf) break;
        if (hr < minHess) continue;
        const gr = G - gl;
        const gain = (gl * gl) / (hl + lambda) + (gr * gr) / (hr + lambda) - parentScore;
        if (gain > leaf.gain && gain > threshold) {
          leaf.gain = gain;
          leaf.feature = j;
          leaf.cut = b;
        }
      }
    }
  };

  /**
   * Extremely randomised split without histograms: one row-wise pass for each drawn column's bin range in the node,
   * one uniform cut value per column inside that range, one row-wise pass summing every column's left side.
   */
  const rLo = new Int32Array(mtry);
  const rHi = new Int32Array(mtry);
  const rCut = new Int32Array(mtry);
  const rCol = new Int32Array(mtry);
  const rG = new Float64Array(mtry);
  const rH = new Float64Array(mtry);
  const rN = new Float64Array(mtry);
  const findRandomSplit = (leaf: Leaf): void => {
    leaf.gain = -Infinity;
    leaf.feature = -1;
    const n = leaf.end - leaf.start;
    const G = leaf.sumG;
    const H = leaf.sumH;
    const parentScore = (G * G) / (H + lambda);
    const threshold = Math.max(params.minGain, 1e-12 * Math.abs(parentScore), 1e-300);
    for (let q = 0; q < mtry; q++) {
      rCol[q] = featureBuf[q]!;
      rLo[q] = 0x7fffffff;
      rHi[q] = -1;
    }
    for (let r = leaf.start; r < leaf.end; r++) {
      const o = rows[r]! * nCols;
      for (let q = 0; q < mtry; q++) {
        const b = globalBins[o + rCol[q]!]!;
        if (b < rLo[q]!) rLo[q] = b;
        if (b > rHi[q]!) rHi[q] = b;
      }
    }
    for (let q = 0; q < mtry; q++) {
      const j = rCol[q]!;
      const off = binOffset[j]!;
      const nb = binOffset[j + 1]! - off;
      const lo = rLo[q]! - off;
      const hi = rHi[q]! - off;
      rG[q] = 0;
      rH[q] = 0;
      rN[q] = 0;
      if (!(hi > lo)) {
        rCut[q] = -1;
        continue;
      }
      const e = edges[j]!;
      const vLo = lo === 0 ? data.colMin[j]! : e[lo - 1]!;
      const vHi = hi === nb - 1 ? data.colMax[j]! : e[hi]!;
      const t = vLo + rng.uniform() * (vHi - vLo);
      let c = lo;
      while (c < hi - 1 && e[c]! < t) c++;
      rCut[q] = off + c;
    }
    for (let r = leaf.start; r < leaf.end; r++) {
      const row = rows[r]!;
      const o = row * nCols;
      const gi = g[row]!;
      const hi = h[row]!;
      for (let q = 0; q < mtry; q++) {
        if (globalBins[o + rCol[q]!]! <= rCut[q]!) {
          rG[q]! += gi;
          rH[q]! += hi;
          rN[q]! += 1;
        }
      }
    }
    for (let q = 0; q < mtry; q++) {
      if (rCut[q]! < 0) continue;
      const gl = rG[q]!;
      const hl = rH[q]!;
      const nl = rN[q]!;
      const nr = n - nl;
      const hr = H - hl;
      if (nl < minLeaf || nr < minLeaf || hl < minHess || hr < minHess) continue;
      const gr = G - gl;
      const gain = (gl * gl) / (hl + lambda) + (gr * gr) / (hr + lambda) - parentScore;
      if (gain > leaf.gain && gain > threshold) {
        const j = rCol[q]!;
        leaf.gain = gain;
        leaf.feature = j;
        leaf.cut = rCut[q]! - binOffset[j]!;
      }
    }
  };

  const canSplit = (start: number, end: number, depth: number): boolean =>
    depth < params.maxDepth && end - start >= 2 * minLeaf;

  let sumG = 0;
  let sumH = 0;
  for (let r = 0; r < rows.length; r++) {
    sumG += g[rows[r]!]!;
    sumH += h[rows[r]!]!;
  }
  const root: Leaf = {
    node: newNode(sumG, sumH),
    start: 0,
    end: rows.length,
    depth: 0,
    sumG,
    sumH,
    hist: null,
    gain: -Infinity,
    feature: -1,
    cut: 0,
  };
  const pending: Leaf[] = [];
  if (canSplit(0, rows.length, 0) && maxLeaves >= 2) {
    drawFeatures();
    if (params.randomSplits) {
      findRandomSplit(root);
      if (root.feature >= 0) pending.push(root);
    } else {
      root.hist = takeHist();
      buildHist(root.hist, 0, rows.length, mtry);
      findSplit(root);
      if (root.feature >= 0) pending.push(root);
      else pool.push(root.hist);
    }
  }
  let nLeaves = 1;

  while (pending.length > 0 && nLeaves < maxLeaves) {
    let pick = pending.length - 1;
    if (bestFirst) {
      for (let i = 0; i < pending.length - 1; i++) if (pending[i]!.gain > pending[pick]!.gain) pick = i;
    }
    const leaf = pending[pick]!;
    pending[pick] = pending[pending.length - 1]!;
    pending.pop();

    // Stable partition of rows[start, end): bin ≤ cut stays left.
    const j = leaf.feature;
    const cutGlobal = binOffset[j]! + leaf.cut;
    let wl = leaf.start;
    let wr = 0;
    let lg = 0;
    let lh = 0;
    for (let r = leaf.start; r < leaf.end; r++) {
      const row = rows[r]!;
      if (globalBins[row * nCols + j]! > cutGlobal) {
        tmpRows[wr++] = row;
      } else {
        rows[wl++] = row;
        lg += g[row]!;
        lh += h[row]!;
      }
    }
    rows.set(tmpRows.subarray(0, wr), wl);
    const mid = wl;

    const node = leaf.node;
    state.feature[node] = j;
    state.threshold[node] = edges[j]![leaf.cut]!;
    binCut[node] = cutGlobal;
    const leftNode = newNode(lg, lh);
    const rightNode = newNode(leaf.sumG - lg, leaf.sumH - lh);
    state.left[node] = leftNode;
    state.right[node] = rightNode;
    nLeaves++;

    const depth = leaf.depth + 1;
    const mk = (nodeId: number, start: number, end: number, sg: number, sh: number): Leaf => ({
      node: nodeId,
      start,
      end,
      depth,
      sumG: sg,
      sumH: sh,
      hist: null,
      gain: -Infinity,
      feature: -1,
      cut: 0,
    });
    const L = mk(leftNode, leaf.start, mid, lg, lh);
    const R = mk(rightNode, mid, leaf.end, leaf.sumG - lg, leaf.sumH - lh);
    const wantL = canSplit(L.start, L.end, depth);
    const wantR = canSplit(R.start, R.end, depth);
    if (params.randomSplits) {
      for (const [child, want] of [
        [L, wantL],
        [R, wantR],
      ] as const) {
        if (!want) continue;
        drawFeatures();
        findRandomSplit(child);
        if (child.feature >= 0) pending.push(child);
      }
      continue;
    }
    const parentHist = leaf.hist!;
    if (allFeatures) {
      // Build the smaller child; the larger one is parent − smaller (histogram subtraction).
      const [small, large, wantSmall, wantLarge] =
        L.end - L.start <= R.end - R.start ? [L, R, wantL, wantR] : [R, L, wantR, wantL];
      if (wantSmall || wantLarge) {
        small.hist = takeHist();
        buildHist(small.hist, small.start, small.end, nCols);
        if (wantLarge) {
          const sh = small.hist;
          for (let k = 0; k < parentHist.length; k++) parentHist[k]! -= sh[k]!;
          large.hist = parentHist;
        } else {
          pool.push(parentHist);
        }
        if (!wantSmall) {
          pool.push(small.hist);
          small.hist = null;
        }
      } else {
        pool.push(parentHist);
      }
    } else {
      pool.push(parentHist);
      for (const [child, want] of [
        [L, wantL],
        [R, wantR],
      ] as const) {
        if (!want) continue;
        drawFeatures();
        child.hist = takeHist();
        buildHist(child.hist, child.start, child.end, mtry);
        findSplit(child);
        if (child.feature >= 0) pending.push(child);
        else pool.push(child.hist);
        child.hist = child.feature >= 0 ? child.hist : null;
      }
      continue;
    }
    for (const child of [L, R]) {
      if (child.hist === null) continue;
      findSplit(child);
      if (child.feature >= 0) pending.push(child);
      else {
        pool.push(child.hist);
        child.hist = null;
      }
    }
  }
  return { state, binCut };
}

/** Predicts one tree on binned training rows: out[r] += scale · leaf(row) for each listed row (or all rows). */
export function treeAddBinned(tree: GrownTree, data: BinnedMatrix, scale: number, out: Float64Array): void {
  const { feature, left, right, value } = tree.state;
  const f = Int32Array.from(feature);
  const l = Int32Array.from(left);
  const rt = Int32Array.from(right);
  const v = Float64Array.from(value);
  const c = Int32Array.from(tree.binCut);
  const { nRows, nCols, globalBins } = data;
  for (let i = 0; i < nRows; i++) {
    const o = i * nCols;
    let n = 0;
    while (f[n]! >= 0) n = globalBins[o + f[n]!]! > c[n]! ? rt[n]! : l[n]!;
    out[i]! += scale * v[n]!;
  }
}

/** Tree arrays unpacked into typed arrays for fast prediction. */
export interface PackedTree {
  feature: Int32Array;
  threshold: Float64Array;
  left: Int32Array;
  right: Int32Array;
  value: Float64Array;
}

/** Converts a JSON tree state to typed arrays once before predicting many rows. */
export function treePack(t: TreeState): PackedTree {
  return {
    feature: Int32Array.from(t.feature),
    threshold: Float64Array.from(t.threshold),
    left: Int32Array.from(t.left),
    right: Int32Array.from(t.right),
    value: Float64Array.from(t.value),
  };
}

/** Leaf value of row i of raw row-major X: walk while x[feature] > threshold → right, else left (NaN → left). */
export function treePredictRow(t: PackedTree, X: Float64Array, o: number): number {
  const { feature, threshold, left, right, value } = t;
  let n = 0;
  while (feature[n]! >= 0) n = X[o + feature[n]!]! > threshold[n]! ? right[n]! : left[n]!;
  return value[n]!;
}

/** Number of columns drawn per node for a maxFeatures option: 'sqrt' → ⌈√nCols⌉, 'all' → nCols, a fraction in (0, 1] → ⌈f·nCols⌉. */
export function resolveMaxFeatures(maxFeatures: 'sqrt' | 'all' | number, nCols: number): number {
  if (maxFeatures === 'sqrt') return Math.max(1, Math.ceil(Math.sqrt(nCols)));
  if (maxFeatures === 'all') return nCols;
  if (!(maxFeatures > 0 && maxFeatures <= 1)) return nCols;
  return Math.max(1, Math.ceil(maxFeatures * nCols));
}
