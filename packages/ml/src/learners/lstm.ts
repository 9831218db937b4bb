/**
 * LSTM sequence learner (own typed-array code, backpropagation through time). One LSTM layer of `hidden` units
 * (gates i, f, g, o; c_t = f⊙c_{t−1} + i⊙g, h_t = o⊙tanh c_t), then a linear head on the last h_T.
 * Params layout (flat, input-major so the hot loops run over the 4H gate rows):
 * WxT [F × 4H], WhT [H × 4H], b [4H] (forget bias initialised to 1), wOut [H], bOut.
 */
import { sigmoid } from '../calibration.ts';
import { withDefaults } from './common.ts';
import { vecAddScaled, vecGradAndDot } from '../linalg.ts';
import type { Rng } from '../random.ts';
import {
  addRowsTimesVector,
  glorotFill,
  SEQUENCE_DEFAULTS,
  sequencePredict,
  sequencePredictSteps,
  sequenceTrain,
  type SequenceNet,
  type SequenceStateBase,
  type SequenceTrainOptions,
} from './sequence-core.ts';

export interface LstmOptions extends SequenceTrainOptions {
  /** LSTM units H. Default 16. */
  hidden?: number;
}

export interface LstmState extends SequenceStateBase {
  kind: 'lstm';
  hidden: number;
}

/** Builds the LSTM network for T steps of F features and H units. */
export function lstmNet(T: number, F: number, H: number): SequenceNet {
  const G = 4 * H;
  const oWh = G * F;
  const oB = oWh + G * H;
  const oOut = oB + G;
  const nParams = oOut + H + 1;
  const gates = new Float64Array(T * G);
  const cs = new Float64Array((T + 1) * H);
  const hs = new Float64Array((T + 1) * H);
  const tc = new Float64Array(T * H);
  const dzBuf = new Float64Array(G);
  const dhBuf = new Float64Array(H);
  const dcBuf = new Float64Array(H);
  // forward() projects step t into gates[t·G …] and reads it back as window t.
  const steps = Int32Array.from({ length: T }, (_, t) => t);
  // Gate pre-activations from the input: b + Σ_f Z_f · WxT[f], eight gate rows at a time.
  function project(p: Float64Array, Z: Float64Array, off: number, out: Float64Array, o: number): void {
    addRowsTimesVector(out, o, p, oB, Z, off, F, p, 0, G);
  }

  // Adds Σ_k h_k · WhT[k] to the projected gates and runs the cell; the linear head on h_T.
  function forwardFrom(p: Float64Array, P: Float64Array, ids: Int32Array, idsOff: number): number {
    const c = cs;
    const hh = hs;
    const th = tc;
    for (let t = 0; t < T; t++) {
      const src = ids[idsOff + t]! * G;
      const go = t * G;
      const hPrev = t * H;
      addRowsTimesVector(gates, go, P, src, hh, hPrev, H, p, oWh, G);
      for (let k = 0; k < H; k++) {
        const i = sigmoid(gates[go + k]!);
        const fg = sigmoid(gates[go + H + k]!);
        const gg = 2 * sigmoid(2 * gates[go + 2 * H + k]!) - 1;
        const o = sigmoid(gates[go + 3 * H + k]!);
        gates[go + k] = i;
        gates[go + H + k] = fg;
        gates[go + 2 * H + k] = gg;
        gates[go + 3 * H + k] = o;
        const cc = fg * c[hPrev + k]! + i * gg;
        c[hPrev + H + k] = cc;
        const tcc = 2 * sigmoid(2 * cc) - 1;
        th[hPrev + k] = tcc;
        hh[hPrev + H + k] = o * tcc;
      }
    }
    let out = p[oOut + H]!;
    for (let k = 0; k < H; k++) out += p[oOut + k]! * hh[T * H + k]!;
    return out;
  }
  return {
    nParams,
    window: 1,
    projectionSize: G,
    init(p: Float64Array, rng: Rng): void {
      glorotFill(p, 0, F, G, rng);
      glorotFill(p, oWh, H, G, rng);
      for (let k = 0; k < H; k++) p[oB + H + k] = 1;
      glorotFill(p, oOut, H, 1, rng);
    },
    forward(p: Float64Array, Z: Float64Array, off: number): number {
      for (let t = 0; t < T; t++) project(p, Z, off + t * F, gates, t * G);
      return forwardFrom(p, gates, steps, 0);
    },
    project,
    forwardFrom,
    backward(p: Float64Array, Z: Float64Array, off: number, dOut: number, grad: Float64Array): void {
      const dz = dzBuf;
      const dh = dhBuf;
      const dc = dcBuf;
      grad[oOut + H]! += dOut;
      for (let k = 0; k < H; k++) {
        grad[oOut + k]! += dOut * hs[T * H + k]!;
        dh[k] = dOut * p[oOut + k]!;
        dc[k] = 0;
      }
      for (let t = T - 1; t >= 0; t--) {
        const g = gates.subarray(t * G, t * G + G);
        const hPrev = t * H;
        for (let k = 0; k < H; k++) {
          const i = g[k]!;
          const fg = g[H + k]!;
          const gg = g[2 * H + k]!;
          const o = g[3 * H + k]!;
          const th = tc[hPrev + k]!;
          const dhk = dh[k]!;
          const dck = dc[k]! + dhk * o * (1 - th * th);
          dz[k] = dck * gg * i * (1 - i);
          dz[H + k] = dck * cs[hPrev + k]! * fg * (1 - fg);
          dz[2 * H + k] = dck * i * (1 - gg * gg);
          dz[3 * H + k] = dhk * th * o * (1 - o);
          dc[k] = dck * fg;
        }
        for (let r = 0; r < G; r++) grad[oB + r]! += dz[r]!;
        const xo = off + t * F;
        for (let f = 0; f < F; f++) vecAddScaled(grad, f * G, dz, 0, Z[xo + f]!, G);
        for (let k = 0; k < H; k++) dh[k] = vecGradAndDot(grad, p, oWh + k * G, dz, hs[hPrev + k]!, G);
      }
    },
  };
}

/** Fits the LSTM by Adam + BPTT on [nRows, seqLen, nFeatures] inputs; state = flat params + scalers. */
export function fit(
  X: Float64Array,
  nRows: number,
  nCols: number,
  y: Float64Array,
  options: LstmOptions,
): LstmState {
  const o = withDefaults(
    { ...SEQUENCE_DEFAULTS, hidden: 16, seqLen: options.seqLen, nFeatures: options.nFeatures },
    options,
  );
  const net = lstmNet(o.seqLen, o.nFeatures, o.hidden);
  return { kind: 'lstm', hidden: o.hidden, ...sequenceTrain(net, X, nRows, nCols, y, o) };
}

/** Output on the last hidden state: regression value or P(y = 1). */
export function predict(state: LstmState, X: Float64Array, nRows: number, nCols: number): Float64Array {
  return sequencePredict(lstmNet(state.seqLen, state.nFeatures, state.hidden), state, X, nRows, nCols);
}

/** predict on sequences given as step-row indices (sequencePredictSteps): the same outputs. */
export function predictSteps(
  state: LstmState,
  steps: Float64Array,
  nSteps: number,
  seq: Int32Array,
  nRows: number,
): Float64Array {
  const net = lstmNet(state.seqLen, state.nFeatures, state.hidden);
  return sequencePredictSteps(net, state, steps, nSteps, seq, nRows);
}
