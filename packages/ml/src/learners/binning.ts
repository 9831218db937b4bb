/**
 * Quantile binning for the histogram tree learners: each column is cut once into ≤ maxBins bins
 * (bin(x) = number of cut values < x, so x ≤ edges[c] ⇔ bin(x) ≤ c); non-finite values fall into bin 0.
 */
import { LearnerInputError } from './common.ts';

/** Binned training matrix: `globalBins[i·nCols + j]` = binOffset[j] + bin of X[i, j], row-major. */
export interface BinnedMatrix {
  nRows: number;
  nCols: number;
  globalBins: Uint16Array | Uint32Array;
  /** Cut values per column, strictly increasing; column j has edges[j].length + 1 bins. */
  edges: Float64Array[];
  /** First global bin index of each column (prefix sums of the bin counts); length nCols + 1. */
  binOffset: Int32Array;
  /** Smallest and largest finite value per column (0 when a column has none). */
  colMin: Float64Array;
  colMax: Float64Array;
}

/** Most rows sorted per column to place the cuts; larger inputs use an evenly strided subsample. */
const MAX_ROWS_FOR_CUTS = 200_000;

/** Quantile cut values of one column: midpoints between adjacent distinct values, ≤ maxBins − 1 of them, increasing. */
export function binColumnEdges(values: Float64Array, maxBins: number): Float64Array {
  // A plain loop rather than filter(): the per-element callback cost more than the sort itself.
  const finite = new Float64Array(values.length);
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isFinite(v)) finite[n++] = v;
  }
  const sorted = finite.subarray(0, n).sort();
  if (n === 0) return new Float64Array(0);
  let distinct = 1;
  for (let i = 1; i < n; i++) if (sorted[i]! !== sorted[i - 1]!) distinct++;
  const edges: number[] = [];
  if (distinct <= maxBins) {
    for (let i = 1; i < n; i++) {
      const a = sorted[i - 1]!;
      const b = sorted[i]!;
      if (a !== b) edges.push(a + (b - a) / 2);
    }
    return Float64Array.from(edges);
  }
  for (let q = 1; q < maxBins; q++) {
    const v = sorted[Math.min(n - 1, Math.floor((q * n) / maxBins))]!;
    // First value strictly above v: the cut sits halfway to it, so equal values never straddle a cut.
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! <= v) lo = mid + 1;
      else hi = mid;
    }
    if (lo >= n) break;
    const cut = v + (sorted[lo]! - v) / 2;
    if (edges.length === 0 || cut > edges[edges.length - 1]!) edges.push(cut);
  }
  return Float64Array.from(edges);
}

/** Bin index of x given increasing cut values: #{edges < x}; NaN → 0. */
export function binIndex(edges: Float64Array, x: number): number {
  if (!(x === x)) return 0;
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (edges[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Bins row-major X (nRows × nCols) into ≤ maxBins (2..256) quantile bins per column. */
export function binMatrix(X: Float64Array, nRows: number, nCols: number, maxBins: number): BinnedMatrix {
  if (!Number.isInteger(maxBins) || maxBins < 2 || maxBins > 256) {
    throw new LearnerInputError(`maxBins must be an integer in [2, 256], got ${maxBins}`);
  }
  const stride = Math.max(1, Math.ceil(nRows / MAX_ROWS_FOR_CUTS));
  const nSample = Math.ceil(nRows / stride);
  // One row-major pass transposes the sampled rows, so each column is then read contiguously.
  const columns = new Float64Array(nSample * nCols);
  for (let s = 0; s < nSample; s++) {
    const o = s * stride * nCols;
    for (let j = 0; j < nCols; j++) columns[j * nSample + s] = X[o + j]!;
  }
  const edges: Float64Array[] = [];
  const binOffset = new Int32Array(nCols + 1);
  const colMin = new Float64Array(nCols).fill(Infinity);
  const colMax = new Float64Array(nCols).fill(-Infinity);
  for (let i = 0; i < nRows; i++) {
    const o = i * nCols;
    for (let j = 0; j < nCols; j++) {
      const v = X[o + j]!;
      if (v < colMin[j]!) colMin[j] = v;
      if (v > colMax[j]!) colMax[j] = v;
    }
  }
  for (let j = 0; j < nCols; j++) {
    if (!Number.isFinite(colMin[j]!)) colMin[j] = 0;
    if (!Number.isFinite(colMax[j]!)) colMax[j] = 0;
    const e = binColumnEdges(columns.subarray(j * nSample, (j + 1) * nSample), maxBins);
    edges.push(e);
    binOffset[j + 1] = binOffset[j]! + e.length + 1;
  }
  const totalBins = binOffset[nCols]!;
  const globalBins = totalBins <= 65536 ? new Uint16Array(nRows * nCols) : new Uint32Array(nRows * nCols);
  for (let i = 0; i < nRows; i++) {
    const o = i * nCols;
    for (let j = 0; j < nCols; j++) globalBins[o + j] = binOffset[j]! + binIndex(edges[j]!, X[o + j]!);
  }
  return { nRows, nCols, globalBins, edges, binOffset, colMin, colMax };
}
