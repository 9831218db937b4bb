/**
 * Multilayer perceptron with 1–2 hidden layers (ReLU or tanh), trained by Adam on mini-batches of squared error
 * (regression, on standardised y) or binary cross-entropy (classification, sigmoid output), with L2 weight decay and
 * early stopping on a tail validation split (the last validationFraction of rows, so time order is respected);
 * the weights of the best validation epoch are kept. Inputs are standardised column-wise.
 */
import { sigmoid } from '../calibration.ts';
import {
  checkCols,
  checkInput,
  LearnerInputError,
  scalerApply,
  scalerFit,
  withDefaults,
  type LearnerTask,
  type Scaler,
} from './common.ts';
import { vecAddScaled, vecDot } from '../linalg.ts';
import { standardiseTarget, trainNet, type TrainableNet } from './sequence-core.ts';

export interface MlpOptions {
  /** 'regression' (MSE) or 'classification' (cross-entropy, predicts P(y = 1)). Default 'regression'. */
  task?: LearnerTask;
  /** Hidden layer widths, 1 or 2 entries. Default [32, 16]. */
  hiddenSizes?: number[];
  /** Hidden activation. Default 'relu'. */
  activation?: 'relu' | 'tanh';
  /** Adam step size. Default 1e-3. */
  learningRate?: number;
  /** Rows per mini-batch. Default 64. */
  batchSize?: number;
  /** Maximum passes over the training rows. Default 30. */
  maxEpochs?: number;
  /** Stop after this many epochs without validation improvement. Default 8. */
  patience?: number;
  /** Tail share of rows held out for early stopping (0 disables it). Default 0.1. */
  validationFraction?: number;
  /** Rows just before the validation tail left out of the fit (SequenceOptions.validationGap). Default 0. */
  validationGap?: number;
  /** L2 weight decay on weights (not biases), added to the gradient as l2·W. Default 1e-4. */
  l2?: number;
  /** PRNG seed for initialisation and shuffling. Default 0. */
  seed?: number;
}

/** One dense layer: W is out × in row-major. */
export interface DenseLayer {
  nIn: number;
  nOut: number;
  W: number[];
  b: number[];
}

export interface MlpState {
  kind: 'mlp';
  task: LearnerTask;
  nCols: number;
  activation: 'relu' | 'tanh';
  scaler: Scaler;
  /** Target standardisation (regression); 0/1 for classification. */
  yMean: number;
  yStd: number;
  layers: DenseLayer[];
  /** Epochs actually run and the best validation loss (diagnostics). */
  epochs: number;
  bestValidationLoss: number;
}

/** Global gradient-norm clip per mini-batch. */
const MLP_CLIP_NORM = 10;

const DEFAULTS = {
  task: 'regression' as LearnerTask,
  hiddenSizes: [32, 16],
  activation: 'relu' as 'relu' | 'tanh',
  learningRate: 1e-3,
  batchSize: 64,
  maxEpochs: 30,
  patience: 8,
  validationFraction: 0.1,
  validationGap: 0,
  l2: 1e-4,
  seed: 0,
};

interface Net {
  sizes: number[];
  /** Offsets of W and b of each layer inside the flat parameter vector. */
  wOff: number[];
  bOff: number[];
  nParams: number;
}

function netLayout(sizes: number[]): Net {
  const wOff: number[] = [];
  const bOff: number[] = [];
  let p = 0;
  for (let l = 0; l + 1 < sizes.length; l++) {
    wOff.push(p);
    p += sizes[l]! * sizes[l + 1]!;
    bOff.push(p);
    p += sizes[l + 1]!;
  }
  return { sizes, wOff, bOff, nParams: p };
}

/** Forward pass of one row z (length sizes[0]); fills acts[l] (post-activation) and returns the output pre-activation. */
function forward(
  net: Net,
  params: Float64Array,
  relu: boolean,
  z: Float64Array,
  zOff: number,
  acts: Float64Array[],
): number {
  const L = net.sizes.length - 1;
  let input = z;
  let inOff = zOff;
  for (let l = 0; l < L; l++) {
    const nIn = net.sizes[l]!;
    const nOut = net.sizes[l + 1]!;
    const a = acts[l]!;
    const wo = net.wOff[l]!;
    const bo = net.bOff[l]!;
    for (let o = 0; o < nOut; o++) {
      const s = params[bo + o]! + vecDot(params, wo + o * nIn, input, inOff, nIn);
      a[o] = l === L - 1 ? s : relu ? (s > 0 ? s : 0) : Math.tanh(s);
    }
    input = a;
    inOff = 0;
  }
  return acts[L - 1]![0]!;
}

/** Fits the network; returns plain-array weights of the best validation epoch. */
export function fit(
  X: Float64Array,
  nRows: number,
  nCols: number,
  y: Float64Array,
  options: MlpOptions = {},
): MlpState {
  const o = withDefaults(DEFAULTS, options);
  checkInput(X, nRows, nCols, y, o.task);
  if (
    o.hiddenSizes.length < 1 ||
    o.hiddenSizes.length > 2 ||
    o.hiddenSizes.some((h) => !(Number.isInteger(h) && h >= 1))
  ) {
    throw new LearnerInputError('hiddenSizes must hold 1 or 2 positive integers');
  }
  const classification = o.task === 'classification';
  const scaler = scalerFit(X, nRows, nCols);
  const Z = scalerApply(scaler, X, nRows, nCols);
  const { t, yMean, yStd } = standardiseTarget(y, nRows, classification);

  const relu = o.activation === 'relu';
  const net = netLayout([nCols, ...o.hiddenSizes, 1]);
  const L = net.sizes.length - 1;
  const acts = net.sizes.slice(1).map((s) => new Float64Array(s));
  const deltas = net.sizes.slice(1).map((s) => new Float64Array(s));
  const dense: TrainableNet = {
    nParams: net.nParams,
    // He (ReLU) or LeCun (tanh) normal initialisation of the weights; biases start at 0.
    init(params, rng) {
      for (let l = 0; l + 1 < net.sizes.length; l++) {
        const nIn = net.sizes[l]!;
        const nOut = net.sizes[l + 1]!;
        const scale = relu ? Math.sqrt(2 / nIn) : Math.sqrt(1 / nIn);
        for (let k = 0; k < nIn * nOut; k++) params[net.wOff[l]! + k] = rng.normal() * scale;
      }
    },
    forward: (params, input, off) => forward(net, params, relu, input, off, acts),
    // Back-propagation through the layers of the last forward call.
    backward(params, input, off, dOut, grad) {
      deltas[L - 1]![0] = dOut;
      for (let l = L - 1; l >= 0; l--) {
        const nIn = net.sizes[l]!;
        const nOut = net.sizes[l + 1]!;
        const d = deltas[l]!;
        const inp = l === 0 ? input : acts[l - 1]!;
        const inOff = l === 0 ? off : 0;
        const wo = net.wOff[l]!;
        const bo = net.bOff[l]!;
        const prev = l > 0 ? deltas[l - 1]! : null;
        if (prev !== null) prev.fill(0);
        for (let q = 0; q < nOut; q++) {
          const dq = d[q]!;
          if (dq === 0) continue;
          grad[bo + q]! += dq;
          const row = wo + q * nIn;
          vecAddScaled(grad, row, inp, inOff, dq, nIn);
          if (prev !== null) vecAddScaled(prev, 0, params, row, dq, nIn);
        }
        if (prev !== null) {
          const a = acts[l - 1]!;
          for (let k = 0; k < nIn; k++) {
            const ak = a[k]!;
            prev[k] = relu ? (ak > 0 ? prev[k]! : 0) : prev[k]! * (1 - ak * ak);
          }
        }
      }
    },
    regularize(params, grad) {
      if (o.l2 <= 0) return;
      for (let l = 0; l < L; l++) {
        const wo = net.wOff[l]!;
        const n = net.sizes[l]! * net.sizes[l + 1]!;
        for (let k = 0; k < n; k++) grad[wo + k]! += o.l2 * params[wo + k]!;
      }
    },
  };
  const { best, bestLoss, epochs } = trainNet(dense, Z, nRows, nCols, t, classification, {
    ...o,
    clipNorm: MLP_CLIP_NORM,
  });

  const layers: DenseLayer[] = [];
  for (let l = 0; l < L; l++) {
    const nIn = net.sizes[l]!;
    const nOut = net.sizes[l + 1]!;
    layers.push({
      nIn,
      nOut,
      W: Array.from(best.subarray(net.wOff[l], net.wOff[l]! + nIn * nOut)),
      b: Array.from(best.subarray(net.bOff[l], net.bOff[l]! + nOut)),
    });
  }
  return {
    kind: 'mlp',
    task: o.task,
    nCols,
    activation: o.activation,
    scaler,
    yMean,
    yStd,
    layers,
    epochs,
    bestValidationLoss: Number.isFinite(bestLoss) ? bestLoss : -1,
  };
}

/** Network output: yMean + yStd·f(z) for regression, σ(f(z)) for classification. */
export function predict(state: MlpState, X: Float64Array, nRows: number, nCols: number): Float64Array {
  checkInput(X, nRows, nCols);
  checkCols(state.nCols, nCols);
  const Z = scalerApply(state.scaler, X, nRows, nCols);
  const sizes = [nCols, ...state.layers.map((l) => l.nOut)];
  const net = netLayout(sizes);
  const params = new Float64Array(net.nParams);
  state.layers.forEach((l, k) => {
    params.set(l.W, net.wOff[k]);
    params.set(l.b, net.bOff[k]);
  });
  const acts = sizes.slice(1).map((s) => new Float64Array(s));
  const relu = state.activation === 'relu';
  const out = new Float64Array(nRows);
  for (let i = 0; i < nRows; i++) {
    const f = forward(net, params, relu, Z, i * nCols, acts);
    out[i] = state.task === 'classification' ? sigmoid(f) : state.yMean + state.yStd * f;
  }
  return out;
}
