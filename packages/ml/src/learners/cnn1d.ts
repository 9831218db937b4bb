/**
 * 1-D convolutional sequence learner (own typed-array code): `filters` causal-free 'valid' convolutions of width
 * `kernelSize` over time (ReLU), flattened (so position is kept), a dense ReLU layer of `dense` units, linear output.
 * Params layout (flat): convW [K × kernelSize·F] (each filter reads kernelSize consecutive steps), convB [K],
 * denseW [D × P·K] with P = seqLen − kernelSize + 1, denseB [D], outW [D], outB.
 */
import { LearnerInputError, withDefaults } from './common.ts';
import type { Rng } from '../random.ts';
import {
  glorotFill,
  SEQUENCE_DEFAULTS,
  sequencePredict,
  sequencePredictSteps,
  sequenceTrain,
  type SequenceNet,
  type SequenceStateBase,
  type SequenceTrainOptions,
} from './sequence-core.ts';

export interface Cnn1dOptions extends SequenceTrainOptions {
  /** Convolution filters K. Default 16. */
  filters?: number;
  /** Kernel width in steps (≤ seqLen). Default 3. */
  kernelSize?: number;
  /** Dense ReLU units D after flattening. Default 16. */
  dense?: number;
}

export interface Cnn1dState extends SequenceStateBase {
  kind: 'cnn1d';
  filters: number;
  kernelSize: number;
  dense: number;
}

/** Builds the conv → dense → output network for T steps of F features. */
export function cnn1dNet(T: number, F: number, K: number, W: number, D: number): SequenceNet {
  if (!(W >= 1 && W <= T)) throw new LearnerInputError(`kernelSize must be in [1, seqLen], got ${W}`);
  const P = T - W + 1;
  const WF = W * F;
  const PK = P * K;
  const oConvB = K * WF;
  const oDenseW = oConvB + K;
  const oDenseB = oDenseW + D * PK;
  const oOutW = oDenseB + D;
  const oOutB = oOutW + D;
  const nParams = oOutB + 1;
  const act = new Float64Array(PK);
  const hid = new Float64Array(D);
  const dAct = new Float64Array(PK);
  const dHid = new Float64Array(D);
  // forward() convolves position pos into act[pos·K …] and reads it back as window pos.
  const positions = Int32Array.from({ length: P }, (_, pos) => pos);
  // The K filters (ReLU) on the kernelSize steps at Z[off …], four filters at a time.
  function project(p: Float64Array, Z: Float64Array, off: number, out: Float64Array, o: number): void {
    let k = 0;
    for (; k + 3 < K; k += 4) {
      const w0 = k * WF;
      const w1 = w0 + WF;
      const w2 = w1 + WF;
      const w3 = w2 + WF;
      let s0 = p[oConvB + k]!;
      let s1 = p[oConvB + k + 1]!;
      let s2 = p[oConvB + k + 2]!;
      let s3 = p[oConvB + k + 3]!;
      for (let j = 0; j < WF; j++) {
        const z = Z[off + j]!;
        s0 += p[w0 + j]! * z;
        s1 += p[w1 + j]! * z;
        s2 += p[w2 + j]! * z;
        s3 += p[w3 + j]! * z;
      }
      out[o + k] = s0 > 0 ? s0 : 0;
      out[o + k + 1] = s1 > 0 ? s1 : 0;
      out[o + k + 2] = s2 > 0 ? s2 : 0;
      out[o + k + 3] = s3 > 0 ? s3 : 0;
    }
    for (; k < K; k++) {
      let s = p[oConvB + k]!;
      const w = k * WF;
      for (let j = 0; j < WF; j++) s += p[w + j]! * Z[off + j]!;
      out[o + k] = s > 0 ? s : 0;
    }
  }
  // Gathers the convolution outputs, then the dense ReLU layer and the output.
  function forwardFrom(p: Float64Array, Pc: Float64Array, ids: Int32Array, idsOff: number): number {
    for (let pos = 0; pos < P; pos++) {
      const src = ids[idsOff + pos]! * K;
      for (let k = 0; k < K; k++) act[pos * K + k] = Pc[src + k]!;
    }
    let out = p[oOutB]!;
    for (let d = 0; d < D; d++) {
      let s = p[oDenseB + d]!;
      const w = oDenseW + d * PK;
      for (let q = 0; q < PK; q++) s += p[w + q]! * act[q]!;
      const hv = s > 0 ? s : 0;
      hid[d] = hv;
      out += p[oOutW + d]! * hv;
    }
    return out;
  }
  return {
    nParams,
    window: W,
    projectionSize: K,
    init(p: Float64Array, rng: Rng): void {
      glorotFill(p, 0, WF, K, rng);
      glorotFill(p, oDenseW, PK, D, rng);
      glorotFill(p, oOutW, D, 1, rng);
    },
    forward(p: Float64Array, Z: Float64Array, off: number): number {
      for (let pos = 0; pos < P; pos++) project(p, Z, off + pos * F, act, pos * K);
      return forwardFrom(p, act, positions, 0);
    },
    project,
    forwardFrom,
    backward(p: Float64Array, Z: Float64Array, off: number, dOut: number, grad: Float64Array): void {
      grad[oOutB]! += dOut;
      for (let d = 0; d < D; d++) {
        grad[oOutW + d]! += dOut * hid[d]!;
        dHid[d] = hid[d]! > 0 ? dOut * p[oOutW + d]! : 0;
      }
      dAct.fill(0);
      for (let d = 0; d < D; d++) {
        const dh = dHid[d]!;
        if (dh === 0) continue;
        grad[oDenseB + d]! += dh;
        const w = oDenseW + d * PK;
        for (let q = 0; q < PK; q++) {
          grad[w + q]! += dh * act[q]!;
          dAct[q]! += p[w + q]! * dh;
        }
      }
      for (let pos = 0; pos < P; pos++) {
        const xo = off + pos * F;
        for (let k = 0; k < K; k++) {
          const q = pos * K + k;
          if (act[q]! <= 0) continue;
          const da = dAct[q]!;
          grad[oConvB + k]! += da;
          const w = k * WF;
          for (let j = 0; j < WF; j++) grad[w + j]! += da * Z[xo + j]!;
        }
      }
    },
  };
}

/** Fits the CNN by Adam on [nRows, seqLen, nFeatures] inputs; state = flat params + scalers. */
export function fit(
  X: Float64Array,
  nRows: number,
  nCols: number,
  y: Float64Array,
  options: Cnn1dOptions,
): Cnn1dState {
  const o = withDefaults(
    {
      ...SEQUENCE_DEFAULTS,
      maxEpochs: 12,
      patience: 4,
      filters: 16,
      kernelSize: 3,
      dense: 16,
      seqLen: options.seqLen,
      nFeatures: options.nFeatures,
    },
    options,
  );
  const net = cnn1dNet(o.seqLen, o.nFeatures, o.filters, Math.min(o.kernelSize, o.seqLen), o.dense);
  return {
    kind: 'cnn1d',
    filters: o.filters,
    kernelSize: Math.min(o.kernelSize, o.seqLen),
    dense: o.dense,
    ...sequenceTrain(net, X, nRows, nCols, y, o),
  };
}

/** Network output: regression value or P(y = 1). */
export function predict(state: Cnn1dState, X: Float64Array, nRows: number, nCols: number): Float64Array {
  const net = cnn1dNet(state.seqLen, state.nFeatures, state.filters, state.kernelSize, state.dense);
  return sequencePredict(net, state, X, nRows, nCols);
}

/** predict on sequences given as step-row indices (sequencePredictSteps): the same outputs. */
export function predictSteps(
  state: Cnn1dState,
  steps: Float64Array,
  nSteps: number,
  seq: Int32Array,
  nRows: number,
): Float64Array {
  const net = cnn1dNet(state.seqLen, state.nFeatures, state.filters, state.kernelSize, state.dense);
  return sequencePredictSteps(net, state, steps, nSteps, seq, nRows);
}
