/**
 * Shared training loop for the neural learners (mlp through trainNet; lstm, gru, cnn1d through sequenceTrain).
 * For the sequence learners X is [nRows, seqLen, nFeatures] row-major, features are standardised per feature over
 * all steps, regression targets are standardised; the network's scalar
 * output is trained by Adam on mini-batches (MSE, or cross-entropy through a sigmoid), with gradient-norm clipping
 * and early stopping on the tail validationFraction of rows (best epoch kept).
 */
import { sigmoid } from '../calibration.ts';
import {
  arrayMean,
  checkCols,
  checkInput,
  LearnerInputError,
  scalerApply,
  scalerFit,
  type LearnerTask,
  type Scaler,
} from './common.ts';
import { Adam } from './adam.ts';
import { Rng } from '../random.ts';

/** A differentiable network on one input row Z[off …] with a scalar output, as the training loop (trainNet) needs. */
export interface TrainableNet {
  nParams: number;
  /** Writes initial parameters. */
  init(params: Float64Array, rng: Rng): void;
  /** Output pre-activation for the row at Z[off …]; caches what backward needs. */
  forward(params: Float64Array, Z: Float64Array, off: number): number;
  /** Adds d loss/d params to grad for the row of the last forward call, given d loss/d output. */
  backward(params: Float64Array, Z: Float64Array, off: number, dOut: number, grad: Float64Array): void;
  /** Adds a penalty's gradient before each step. */
  regularize?(params: Float64Array, grad: Float64Array): void;
}

/**
 * A network over one standardised sequence of seqLen × nFeatures values. Its first layer reads the sequence through
 * windows of `window` consecutive steps (one step for the recurrent nets, the kernel width for the convolution);
 * `project` is that layer on one window, `forwardFrom` the rest of the network, and forward = project every window,
 * then forwardFrom. Prediction projects each distinct window once (consecutive days of a stock share all but one
 * step): the same arithmetic on the same values, so the same outputs. A window is a run of step rows, found by the
 * rows' numbers (sequencePredict numbers the distinct rows; sequencePredictSteps is given them).
 */
export interface SequenceNet extends TrainableNet {
  /** Steps per window of the first layer. */
  window: number;
  /** Values `project` writes per window. */
  projectionSize: number;
  /** The first layer on the window at Z[off .. off + window·nFeatures), written to out[o .. o + projectionSize). */
  project(params: Float64Array, Z: Float64Array, off: number, out: Float64Array, o: number): void;
  /**
   * Output pre-activation given the first layer's values: window w of the sequence (w < seqLen − window + 1) is
   * P[ids[idsOff + w] · projectionSize …]. Caches what backward needs, like forward.
   */
  forwardFrom(params: Float64Array, P: Float64Array, ids: Int32Array, idsOff: number): number;
}

/** Options common to every sequence learner. */
export interface SequenceTrainOptions {
  /** 'regression' (MSE on standardised y) or 'classification' (cross-entropy, predicts P(y = 1)). Default 'regression'. */
  task?: LearnerTask;
  /** Steps per sequence (required): nCols = seqLen × nFeatures. */
  seqLen: number;
  /** Features per step (required). */
  nFeatures: number;
  /** Adam step size. Default 3e-3. */
  learningRate?: number;
  /** Sequences per mini-batch. Default 32. */
  batchSize?: number;
  /** Maximum passes over the training sequences. Default: lstm 5, gru 8, cnn1d 12 (≈ 5 s on 5,000 × 20 × 8). */
  maxEpochs?: number;
  /** Stop after this many epochs without validation improvement. Default 3 (cnn1d 4). */
  patience?: number;
  /** Tail share of rows held out for early stopping (0 disables it). Default 0.1. */
  validationFraction?: number;
  /**
   * Rows just before the validation tail left out of the fit (default 0): a caller whose rows are days sets it to the
   * rows of the h days before the tail's first day, so no fitting label overlaps a validation label.
   */
  validationGap?: number;
  /** Global gradient-norm clip per batch. Default 5. */
  clipNorm?: number;
  /** PRNG seed for initialisation and shuffling. Default 0. */
  seed?: number;
}

/** Serialisable part common to every sequence learner's state. */
export interface SequenceStateBase {
  task: LearnerTask;
  seqLen: number;
  nFeatures: number;
  /** Per-feature standardisation (length nFeatures). */
  scaler: Scaler;
  yMean: number;
  yStd: number;
  /** Flat parameter vector; the layout is documented by each learner. */
  params: number[];
  epochs: number;
  bestValidationLoss: number;
}

export const SEQUENCE_DEFAULTS = {
  task: 'regression' as LearnerTask,
  learningRate: 3e-3,
  batchSize: 32,
  maxEpochs: 5,
  patience: 3,
  validationFraction: 0.1,
  validationGap: 0,
  clipNorm: 5,
  seed: 0,
};

/** Checks the [nRows, seqLen, nFeatures] shape against nCols. */
export function checkSequenceShape(nCols: number, seqLen: number, nFeatures: number): void {
  if (!(Number.isInteger(seqLen) && seqLen >= 1 && Number.isInteger(nFeatures) && nFeatures >= 1)) {
    throw new LearnerInputError('seqLen and nFeatures must be positive integers');
  }
  if (seqLen * nFeatures !== nCols) {
    throw new LearnerInputError(`nCols ${nCols} ≠ seqLen ${seqLen} × nFeatures ${nFeatures}`);
  }
}

/** Regression targets standardised to mean 0, sd 1 (classification keeps its 0/1 targets). */
export function standardiseTarget(
  y: Float64Array,
  nRows: number,
  classification: boolean,
): { t: Float64Array; yMean: number; yStd: number } {
  let yMean = 0;
  let yStd = 1;
  if (!classification) {
    yMean = arrayMean(y);
    let v = 0;
    for (let i = 0; i < nRows; i++) v += (y[i]! - yMean) ** 2;
    yStd = Math.sqrt(v / nRows) || 1;
  }
  return { t: Float64Array.from(y, (v) => (v - yMean) / yStd), yMean, yStd };
}

export interface NetTrainOptions {
  learningRate: number;
  batchSize: number;
  maxEpochs: number;
  patience: number;
  validationFraction: number;
  validationGap: number;
  clipNorm: number;
  seed: number;
}

/** Rows of the early-stopping validation tail of `nRows` rows (0 below 50 rows or without a fraction). */
export function tailValidationRows(nRows: number, validationFraction: number): number {
  return validationFraction > 0 && nRows >= 50 ? Math.max(1, Math.floor(validationFraction * nRows)) : 0;
}

/**
 * The training loop of every neural learner (mlp, lstm, gru, cnn1d): row i is Z[i·rowStride …]; Adam on shuffled
 * mini-batches of MSE (or cross-entropy through a sigmoid), gradient-norm clipping, early stopping on the tail
 * validationFraction of rows (the validationGap rows before it fit nothing). Returns the best epoch's parameters; deterministic for a seed.
 */
export function trainNet(
  net: TrainableNet,
  Z: Float64Array,
  nRows: number,
  rowStride: number,
  t: Float64Array,
  classification: boolean,
  o: NetTrainOptions,
): { best: Float64Array; bestLoss: number; epochs: number } {
  const nVal = tailValidationRows(nRows, o.validationFraction);
  // Fitting rows [0, nTrain), validation rows [nRows − nVal, nRows); the gap between them is left out.
  const nTrain = nVal > 0 ? Math.max(1, nRows - nVal - Math.max(0, Math.floor(o.validationGap))) : nRows;
  const rng = new Rng(o.seed);
  const params = new Float64Array(net.nParams);
  net.init(params, rng);
  const grad = new Float64Array(net.nParams);
  const adam = new Adam(params, o.learningRate);
  const order = new Uint32Array(nTrain);
  for (let i = 0; i < nTrain; i++) order[i] = i;
  const lossOf = (out: number, target: number): number => {
    if (!classification) return (out - target) ** 2;
    const p = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(out)));
    return -(target * Math.log(p) + (1 - target) * Math.log(1 - p));
  };

  let best = params.slice();
  let bestLoss = Infinity;
  let sinceBest = 0;
  let epochs = 0;
  for (let epoch = 0; epoch < o.maxEpochs; epoch++) {
    epochs++;
    rng.shuffle(order);
    for (let start = 0; start < nTrain; start += o.batchSize) {
      const end = Math.min(nTrain, start + o.batchSize);
      grad.fill(0);
      const inv = 1 / (end - start);
      for (let r = start; r < end; r++) {
        const i = order[r]!;
        const out = net.forward(params, Z, i * rowStride);
        // d loss / d output pre-activation: MSE → 2(out − t) (the 2 dropped), cross-entropy + sigmoid → p − t.
        const dOut = (classification ? sigmoid(out) - t[i]! : out - t[i]!) * inv;
        net.backward(params, Z, i * rowStride, dOut, grad);
      }
      net.regularize?.(params, grad);
      adam.step(grad, o.clipNorm);
    }
    // Validation loss (training loss when there is no validation split).
    const from = nVal > 0 ? nRows - nVal : 0;
    let loss = 0;
    for (let i = from; i < nRows; i++) loss += lossOf(net.forward(params, Z, i * rowStride), t[i]!);
    loss /= nRows - from;
    if (!Number.isFinite(loss)) break;
    if (loss < bestLoss - 1e-9) {
      bestLoss = loss;
      best = params.slice();
      sinceBest = 0;
    } else if (++sinceBest >= o.patience) {
      break;
    }
  }
  return { best, bestLoss, epochs };
}

/** Trains `net` and returns the best-epoch parameters with the scalers; deterministic for a seed. */
export function sequenceTrain(
  net: SequenceNet,
  X: Float64Array,
  nRows: number,
  nCols: number,
  y: Float64Array,
  o: typeof SEQUENCE_DEFAULTS & { seqLen: number; nFeatures: number },
): SequenceStateBase {
  checkInput(X, nRows, nCols, y, o.task);
  checkSequenceShape(nCols, o.seqLen, o.nFeatures);
  const classification = o.task === 'classification';
  const scaler = scalerFit(X, nRows * o.seqLen, o.nFeatures);
  const Z = scalerApply(scaler, X, nRows * o.seqLen, o.nFeatures);
  const { t, yMean, yStd } = standardiseTarget(y, nRows, classification);
  const { best, bestLoss, epochs } = trainNet(net, Z, nRows, nCols, t, classification, o);
  return {
    task: o.task,
    seqLen: o.seqLen,
    nFeatures: o.nFeatures,
    scaler,
    yMean,
    yStd,
    params: Array.from(best),
    epochs,
    bestValidationLoss: Number.isFinite(bestLoss) ? bestLoss : -1,
  };
}

/** Runs the fitted net on [nRows, seqLen, nFeatures] sequences: yMean + yStd·f for regression, σ(f) for classification. */
export function sequencePredict(
  net: SequenceNet,
  state: SequenceStateBase,
  X: Float64Array,
  nRows: number,
  nCols: number,
): Float64Array {
  checkInput(X, nRows, nCols);
  checkCols(state.seqLen * state.nFeatures, nCols);
  const nSteps = nRows * state.seqLen;
  const Z = scalerApply(state.scaler, X, nSteps, state.nFeatures);
  // Consecutive days of a stock share all but one step: each distinct step row (bit for bit) is projected once.
  const { ids, firstOffsets } = distinctRows(Z, nSteps, state.nFeatures);
  return predictFromSteps(net, state, Z, firstOffsets, ids, nRows);
}

/**
 * Runs the fitted net on sequences given as indices into a table of step rows: `steps` holds nSteps raw feature rows
 * (nFeatures each), seq[i · seqLen + t] is the row of sequence i's step t (oldest first), or −1 for a missing bar
 * (read as zeros, as in the [nRows, seqLen, nFeatures] form). Same outputs as sequencePredict on the expanded
 * sequences, without building them: a stock's consecutive days read the same rows.
 */
export function sequencePredictSteps(
  net: SequenceNet,
  state: SequenceStateBase,
  steps: Float64Array,
  nSteps: number,
  seq: Int32Array,
  nRows: number,
): Float64Array {
  const F = state.nFeatures;
  checkInput(steps, nSteps, F);
  if (seq.length !== nRows * state.seqLen) {
    throw new LearnerInputError(`seq has ${seq.length} indices, expected ${nRows} × ${state.seqLen}`);
  }
  // Row nSteps is the missing bar's all-zero row.
  const raw = new Float64Array((nSteps + 1) * F);
  raw.set(steps);
  const Z = scalerApply(state.scaler, raw, nSteps + 1, F);
  const ids = new Int32Array(seq.length);
  for (let k = 0; k < seq.length; k++) {
    const r = seq[k]!;
    if (!(Number.isInteger(r) && r >= -1 && r < nSteps))
      throw new LearnerInputError(`seq[${k}] = ${r} out of range`);
    ids[k] = r < 0 ? nSteps : r;
  }
  const offsets = Int32Array.from({ length: nSteps + 1 }, (_, u) => u * F);
  return predictFromSteps(net, state, Z, offsets, ids, nRows);
}

/**
 * The network on sequences of standardised step rows: step id u is Z[offsets[u] …], sequence i's step t is
 * ids[i · seqLen + t]. Each distinct first-layer window (a run of `window` step ids) is projected once.
 */
function predictFromSteps(
  net: SequenceNet,
  state: SequenceStateBase,
  Z: Float64Array,
  offsets: Int32Array,
  ids: Int32Array,
  nRows: number,
): Float64Array {
  const params = Float64Array.from(state.params);
  if (params.length !== net.nParams)
    throw new LearnerInputError('state parameters do not match the network shape');
  const L = state.seqLen;
  const F = state.nFeatures;
  const W = net.window;
  const nWindows = L - W + 1;
  const size = net.projectionSize;
  let windowIds: Int32Array;
  let P: Float64Array;
  if (W === 1) {
    windowIds = ids;
    P = new Float64Array(offsets.length * size);
    for (let u = 0; u < offsets.length; u++) net.project(params, Z, offsets[u]!, P, u * size);
  } else {
    const tuples = distinctTuples(ids, nRows, L, W);
    windowIds = tuples.ids;
    const nUnique = tuples.first.length / W;
    P = new Float64Array(nUnique * size);
    const scratch = new Float64Array(W * F);
    for (let u = 0; u < nUnique; u++) {
      for (let k = 0; k < W; k++) {
        const off = offsets[tuples.first[u * W + k]!]!;
        scratch.set(Z.subarray(off, off + F), k * F);
      }
      net.project(params, scratch, 0, P, u * size);
    }
  }
  const out = new Float64Array(nRows);
  for (let i = 0; i < nRows; i++) {
    const f = net.forwardFrom(params, P, windowIds, i * nWindows);
    out[i] = state.task === 'classification' ? sigmoid(f) : state.yMean + state.yStd * f;
  }
  return out;
}

/**
 * Numbers distinct keys: key i is words[starts[i] … starts[i] + keyLen), compared word for word. ids[i] is key i's
 * number, first[u] the index of key u's first occurrence.
 */
function numberDistinctKeys(
  words: Uint32Array,
  starts: Int32Array,
  keyLen: number,
): { ids: Int32Array; first: Int32Array } {
  const nKeys = starts.length;
  // Hashed on (at most) the first and the last 16 words; equality is checked on all of them.
  const hashWords = Math.min(keyLen, 16);
  let capacity = 16;
  while (capacity < 2 * nKeys) capacity *= 2;
  const table = new Int32Array(capacity).fill(-1);
  const ids = new Int32Array(nKeys);
  const first: number[] = [];
  for (let i = 0; i < nKeys; i++) {
    const b = starts[i]!;
    let h = 0x811c9dc5;
    for (let k = 0; k < hashWords; k++) h = Math.imul(h ^ words[b + k]!, 0x01000193);
    for (let k = keyLen - hashWords; k < keyLen; k++) h = Math.imul(h ^ words[b + k]!, 0x01000193);
    let slot = (h ^ (h >>> 15)) & (capacity - 1);
    let id = -1;
    for (;;) {
      const u = table[slot]!;
      if (u < 0) break;
      const b2 = starts[first[u]!]!;
      let same = true;
      for (let k = 0; k < keyLen && same; k++) same = words[b + k] === words[b2 + k];
      if (same) {
        id = u;
        break;
      }
      slot = (slot + 1) & (capacity - 1);
    }
    if (id < 0) {
      id = first.length;
      first.push(i);
      table[slot] = id;
    }
    ids[i] = id;
  }
  return { ids, first: Int32Array.from(first) };
}

/**
 * Numbers the distinct runs of `window` consecutive step ids over every sequence of `ids` ([nRows, seqLen]):
 * result ids[i · nWindows + w] is the number of sequence i's run w, first[u · window …] run u's step ids.
 */
function distinctTuples(
  ids: Int32Array,
  nRows: number,
  seqLen: number,
  window: number,
): { ids: Int32Array; first: Int32Array } {
  const nWindows = seqLen - window + 1;
  const starts = new Int32Array(nRows * nWindows);
  for (let i = 0; i < nRows; i++)
    for (let w = 0; w < nWindows; w++) starts[i * nWindows + w] = i * seqLen + w;
  const words = new Uint32Array(ids.buffer, ids.byteOffset, ids.length);
  const numbered = numberDistinctKeys(words, starts, window);
  const first = new Int32Array(numbered.first.length * window);
  numbered.first.forEach((key, u) => first.set(ids.subarray(starts[key], starts[key]! + window), u * window));
  return { ids: numbered.ids, first };
}

/**
 * Numbers the distinct rows of row-major Z (nCols values, compared bit for bit): ids[i] is the number of row i,
 * firstOffsets[u] the offset in Z of row u's first occurrence.
 */
export function distinctRows(
  Z: Float64Array,
  nRows: number,
  nCols: number,
): { ids: Int32Array; firstOffsets: Int32Array } {
  // Bit patterns as 32-bit words (Z's buffer is Z's own: scalerApply allocates it).
  const bits = new Uint32Array(Z.buffer, Z.byteOffset, Z.length * 2);
  const starts = Int32Array.from({ length: nRows }, (_, i) => 2 * i * nCols);
  const { ids, first } = numberDistinctKeys(bits, starts, 2 * nCols);
  return { ids, firstOffsets: first.map((i) => i * nCols) };
}

/** Glorot-uniform fill of params[off, off + fanOut·fanIn). */
export function glorotFill(params: Float64Array, off: number, fanIn: number, fanOut: number, rng: Rng): void {
  const a = Math.sqrt(6 / (fanIn + fanOut));
  for (let k = 0; k < fanIn * fanOut; k++) params[off + k] = (2 * rng.uniform() - 1) * a;
}

/**
 * The recurrent nets' one matrix kernel: out[o + r] = base_r + Σ_{j < n} x[xo + j] · p[wOff + j·G + r] for the G rows
 * r, with base_r = base[bo + r] (a bias or already projected input) or 0 when `base` is null. The weights are stored
 * input-major (row j of G values), so the inner loop runs over eight output rows at a time; a zero input is skipped
 * (ReLU-like zero hidden units are common, and a zero term leaves the sum unchanged).
 */
export function addRowsTimesVector(
  out: Float64Array,
  o: number,
  base: Float64Array | null,
  bo: number,
  x: Float64Array,
  xo: number,
  n: number,
  p: Float64Array,
  wOff: number,
  G: number,
): void {
  let r = 0;
  for (; r + 7 < G; r += 8) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let s4 = 0;
    let s5 = 0;
    let s6 = 0;
    let s7 = 0;
    if (base !== null) {
      s0 = base[bo + r]!;
      s1 = base[bo + r + 1]!;
      s2 = base[bo + r + 2]!;
      s3 = base[bo + r + 3]!;
      s4 = base[bo + r + 4]!;
      s5 = base[bo + r + 5]!;
      s6 = base[bo + r + 6]!;
      s7 = base[bo + r + 7]!;
    }
    for (let j = 0; j < n; j++) {
      const v = x[xo + j]!;
      if (v === 0) continue;
      const w = wOff + j * G + r;
      s0 += v * p[w]!;
      s1 += v * p[w + 1]!;
      s2 += v * p[w + 2]!;
      s3 += v * p[w + 3]!;
      s4 += v * p[w + 4]!;
      s5 += v * p[w + 5]!;
      s6 += v * p[w + 6]!;
      s7 += v * p[w + 7]!;
    }
    out[o + r] = s0;
    out[o + r + 1] = s1;
    out[o + r + 2] = s2;
    out[o + r + 3] = s3;
    out[o + r + 4] = s4;
    out[o + r + 5] = s5;
    out[o + r + 6] = s6;
    out[o + r + 7] = s7;
  }
  for (; r < G; r++) {
    let s = base === null ? 0 : base[bo + r]!;
    for (let j = 0; j < n; j++) {
      const v = x[xo + j]!;
      if (v !== 0) s += v * p[wOff + j * G + r]!;
    }
    out[o + r] = s;
  }
}
