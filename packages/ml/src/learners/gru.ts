/**
 * GRU sequence learner (own typed-array code, backpropagation through time), one layer of `hidden` units:
 * z = σ(W_z x + U_z h + b_z), r = σ(W_r x + U_r h + b_r), n = tanh(W_n x + b_n + r⊙(U_n h + b_hn)),
 * h' = (1 − z)⊙n + z⊙h; a linear head on the last h_T.
 * Params layout (flat, input-major): WxT [F × 3H] (z, r, n), WhT [H × 3H], bx [3H], bhn [H], wOut [H], bOut.
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

export interface GruOptions extends SequenceTrainOptions {
  /** GRU units H. Default 16. */
  hidden?: number;
}

export interface GruState extends SequenceStateBase {
  kind: 'gru';
  hidden: number;
}

/** Builds the GRU network for T steps of F features and H units. */
export function gruNet(T: number, F: number, H: number): SequenceNet {
  const G = 3 * H;
  const oWh = G * F;
  const oBx = oWh + G * H;
  const oBhn = oBx + G;
  const oOut = oBhn + H;
  const nParams = oOut + H + 1;
  // Per step: z, r, n, hn (4H values); hidden states h_0 = 0 … h_T.
  const cache = new Float64Array(T * 4 * H);
  const hs = new Float64Array((T + 1) * H);
  const proj = new Float64Array(T * G);
  const u = new Float64Array(G);
  const du = new Float64Array(G);
  const dax = new Float64Array(G);
  const dhBuf = new Float64Array(H);
  // forward() projects step t into proj[t·G …] and reads it back as window t.
  const steps = Int32Array.from({ length: T }, (_, t) => t);
  // Input pre-activations a = bx + Σ_f Z_f · WxT[f] (z, r, n rows), eight rows at a time.
  function project(p: Float64Array, Z: Float64Array, off: number, out: Float64Array, o: number): void {
    addRowsTimesVector(out, o, p, oBx, Z, off, F, p, 0, G);
  }

  // u = Σ_k h_k · WhT[k], the gates on a + u, and the linear head on h_T.
  function forwardFrom(p: Float64Array, P: Float64Array, ids: Int32Array, idsOff: number): number {
    const hh = hs;
    for (let t = 0; t < T; t++) {
      const ao = ids[idsOff + t]! * G;
      const hPrev = t * H;
      addRowsTimesVector(u, 0, null, 0, hh, hPrev, H, p, oWh, G);
      const co = t * 4 * H;
      for (let k = 0; k < H; k++) {
        const z = sigmoid(P[ao + k]! + u[k]!);
        const rg = sigmoid(P[ao + H + k]! + u[H + k]!);
        const hn = u[2 * H + k]! + p[oBhn + k]!;
        const n = 2 * sigmoid(2 * (P[ao + 2 * H + k]! + rg * hn)) - 1;
        cache[co + k] = z;
        cache[co + H + k] = rg;
        cache[co + 2 * H + k] = n;
        cache[co + 3 * H + k] = hn;
        hh[hPrev + H + k] = (1 - z) * n + z * hh[hPrev + k]!;
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
      glorotFill(p, oOut, H, 1, rng);
    },
    forward(p: Float64Array, Z: Float64Array, off: number): number {
      for (let t = 0; t < T; t++) project(p, Z, off + t * F, proj, t * G);
      return forwardFrom(p, proj, steps, 0);
    },
    project,
    forwardFrom,
    backward(p: Float64Array, Z: Float64Array, off: number, dOut: number, grad: Float64Array): void {
      const dh = dhBuf;
      grad[oOut + H]! += dOut;
      for (let k = 0; k < H; k++) {
        grad[oOut + k]! += dOut * hs[T * H + k]!;
        dh[k] = dOut * p[oOut + k]!;
      }
      for (let t = T - 1; t >= 0; t--) {
        const co = t * 4 * H;
        const hPrev = t * H;
        for (let k = 0; k < H; k++) {
          const z = cache[co + k]!;
          const r = cache[co + H + k]!;
          const n = cache[co + 2 * H + k]!;
          const hn = cache[co + 3 * H + k]!;
          const dhk = dh[k]!;
          const dan = dhk * (1 - z) * (1 - n * n);
          const daz = dhk * (hs[hPrev + k]! - n) * z * (1 - z);
          const dar = dan * hn * r * (1 - r);
          dax[k] = daz;
          dax[H + k] = dar;
          dax[2 * H + k] = dan;
          du[k] = daz;
          du[H + k] = dar;
          du[2 * H + k] = dan * r;
          grad[oBhn + k]! += dan * r;
          dh[k] = dhk * z;
        }
        for (let r = 0; r < G; r++) grad[oBx + r]! += dax[r]!;
        const xo = off + t * F;
        for (let f = 0; f < F; f++) vecAddScaled(grad, f * G, dax, 0, Z[xo + f]!, G);
        for (let k = 0; k < H; k++) dh[k]! += vecGradAndDot(grad, p, oWh + k * G, du, hs[hPrev + k]!, G);
      }
    },
  };
}

/** Fits the GRU by Adam + BPTT on [nRows, seqLen, nFeatures] inputs; state = flat params + scalers. */
export function fit(
  X: Float64Array,
  nRows: number,
  nCols: number,
  y: Float64Array,
  options: GruOptions,
): GruState {
  const o = withDefaults(
    { ...SEQUENCE_DEFAULTS, maxEpochs: 8, hidden: 16, seqLen: options.seqLen, nFeatures: options.nFeatures },
    options,
  );
  const net = gruNet(o.seqLen, o.nFeatures, o.hidden);
  return { kind: 'gru', hidden: o.hidden, ...sequenceTrain(net, X, nRows, nCols, y, o) };
}

/** Output on the last hidden state: regression value or P(y = 1). */
export function predict(state: GruState, X: Float64Array, nRows: number, nCols: number): Float64Array {
  return sequencePredict(gruNet(state.seqLen, state.nFeatures, state.hidden), state, X, nRows, nCols);
}

/** predict on sequences given as step-row indices (sequencePredictSteps): the same outputs. */
export function predictSteps(
  state: GruState,
  steps: Float64Array,
  nSteps: number,
  seq: Int32Array,
  nRows: number,
): Float64Array {
  const net = gruNet(state.seqLen, state.nFeatures, state.hidden);
  return sequencePredictSteps(net, state, steps, nSteps, seq, nRows);
}
