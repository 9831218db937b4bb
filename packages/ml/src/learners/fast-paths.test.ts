// The speed-ups of the learners' hot loops compute exactly what the plain loops compute: bit-identical outputs.
import { describe, expect, it } from 'vitest';
import { squaredDistanceBlock, DISTANCE_BLOCK, scalerApply } from './common.ts';
import * as knn from './knn.ts';
import * as kernelRidge from './kernel-ridge.ts';
import * as lstm from './lstm.ts';
import * as gru from './gru.ts';
import * as cnn1d from './cnn1d.ts';
import { distinctRows, type SequenceNet, type SequenceStateBase } from './sequence-core.ts';
import { Rng } from '../random.ts';
import { sigmoid } from '../calibration.ts';
import { makeLinear, makeXor } from '../../test/learner-data.ts';

function plainDistance(Z: Float64Array, i: number, ref: Float64Array, r: number, nCols: number): number {
  let d = 0;
  for (let j = 0; j < nCols; j++) {
    const t = Z[i * nCols + j]! - ref[r * nCols + j]!;
    d += t * t;
  }
  return d;
}

describe('squaredDistanceBlock', () => {
  it('equals the plain per-pair loop bit for bit, including the query and reference tails', () => {
    const rng = new Rng(1);
    for (const [nRows, nRef, nCols] of [
      [11, 7, 5],
      [8, 10, 30],
      [3, 1, 2],
    ] as const) {
      const Z = Float64Array.from({ length: nRows * nCols }, () => rng.normal());
      const ref = Float64Array.from({ length: nRef * nCols }, () => rng.normal());
      const dist = new Float64Array(DISTANCE_BLOCK * nRef);
      for (let i0 = 0; i0 < nRows; i0 += DISTANCE_BLOCK) {
        const nb = squaredDistanceBlock(Z, nRows, i0, ref, nRef, nCols, dist);
        expect(nb).toBe(Math.min(DISTANCE_BLOCK, nRows - i0));
        for (let b = 0; b < nb; b++)
          for (let r = 0; r < nRef; r++)
            expect(dist[b * nRef + r]).toBe(plainDistance(Z, i0 + b, ref, r, nCols));
      }
    }
  });
});

describe('knn and kernel ridge on blocked distances', () => {
  it('knn predicts the mean target of the k nearest by a full sort (ties to the earlier reference row)', () => {
    const tr = makeXor(300, 5, 2);
    const te = makeXor(37, 5, 3);
    // Duplicated reference rows make exact distance ties.
    tr.X.copyWithin(5 * 10, 0, 5 * 10);
    const state = knn.fit(tr.X, tr.nRows, tr.nCols, tr.y, { task: 'classification', k: 9 });
    const got = knn.predict(state, te.X, te.nRows, te.nCols);
    const Z = scalerApply(state.scaler, te.X, te.nRows, te.nCols);
    const ref = Float64Array.from(state.refX);
    for (let i = 0; i < te.nRows; i++) {
      const order = state.refY
        .map((_, r) => r)
        .sort((a, b) => plainDistance(Z, i, ref, a, 5) - plainDistance(Z, i, ref, b, 5) || a - b);
      const mean = order.slice(0, 9).reduce((s, r) => s + state.refY[r]!, 0) / 9;
      expect(got[i]).toBeCloseTo(mean, 12);
    }
  });

  it('kernel ridge sums α_i·k(x, z_i) in reference order as the plain loop does', () => {
    const tr = makeLinear(120, 4, 5);
    const te = makeLinear(23, 4, 6);
    const state = kernelRidge.fit(tr.X, tr.nRows, tr.nCols, tr.y, { maxRows: 51 });
    const got = kernelRidge.predict(state, te.X, te.nRows, te.nCols);
    const Z = scalerApply(state.scaler, te.X, te.nRows, te.nCols);
    const ref = Float64Array.from(state.refX);
    for (let i = 0; i < te.nRows; i++) {
      let s = state.yMean;
      for (let r = 0; r < state.coef.length; r++)
        s += state.coef[r]! * Math.exp(-state.gamma * plainDistance(Z, i, ref, r, 4));
      expect(got[i]).toBe(s);
    }
  });
});

describe('sequence prediction through distinct windows, from expanded sequences or step-row indices', () => {
  const T = 6;
  const F = 3;
  // Sliding windows over a few series (consecutive rows share steps), zero padding and exact repeats.
  const rng = new Rng(4);
  const series = Float64Array.from({ length: 5 * 12 * F }, () => rng.normal());
  const nRows = 5 * 7;
  const X = new Float64Array(nRows * T * F);
  for (let s = 0; s < 5; s++)
    for (let e = 0; e < 7; e++)
      for (let t = 0; t < T; t++) {
        const i = s * 7 + e;
        if (s === 1 && t < 2) continue;
        X.set(series.subarray((s * 12 + e + t) * F, (s * 12 + e + t + 1) * F), (i * T + t) * F);
      }
  const y = Float64Array.from({ length: nRows }, (_, i) => (X[i * T * F + (T - 1) * F]! > 0 ? 1 : 0));
  // The same sequences as indices into the series' rows (−1 for the zero-padded steps).
  const seq = Int32Array.from({ length: nRows * T }, (_, k) => {
    const i = Math.floor(k / T);
    const t = k % T;
    const s = Math.floor(i / 7);
    return s === 1 && t < 2 ? -1 : s * 12 + (i % 7) + t;
  });
  const nSteps = series.length / F;

  it('numbers each distinct row once and maps every row to it', () => {
    const { ids, firstOffsets } = distinctRows(X, nRows * T, F);
    const key = (off: number) => Array.from(X.subarray(off, off + F)).join(',');
    expect(new Set(Array.from(firstOffsets, key)).size).toBe(firstOffsets.length);
    for (let k = 0; k < nRows * T; k++) expect(key(firstOffsets[ids[k]!]!)).toBe(key(k * F));
    expect(firstOffsets.length).toBeLessThan(nRows * T);
  });

  /** What the plain per-sequence forward pass gives, through the learner's output map. */
  const viaForward = (net: SequenceNet, state: SequenceStateBase): number[] => {
    const Z = scalerApply(state.scaler, X, nRows * T, F);
    const params = Float64Array.from(state.params);
    return Array.from({ length: nRows }, (_, i) => {
      const f = net.forward(params, Z, i * T * F);
      return state.task === 'classification' ? sigmoid(f) : state.yMean + state.yStd * f;
    });
  };
  const shape = { seqLen: T, nFeatures: F, maxEpochs: 2 };

  it('lstm predicts exactly what forward() gives on each sequence', () => {
    const s = lstm.fit(X, nRows, T * F, y, { ...shape, hidden: 4 });
    expect(Array.from(lstm.predictSteps(s, series, nSteps, seq, nRows))).toEqual(
      Array.from(lstm.predict(s, X, nRows, T * F)),
    );
    expect(Array.from(lstm.predict(s, X, nRows, T * F))).toEqual(viaForward(lstm.lstmNet(T, F, 4), s));
  });

  it('gru predicts exactly what forward() gives on each sequence', () => {
    const s = gru.fit(X, nRows, T * F, y, { ...shape, hidden: 4, task: 'classification' });
    expect(Array.from(gru.predictSteps(s, series, nSteps, seq, nRows))).toEqual(
      Array.from(gru.predict(s, X, nRows, T * F)),
    );
    expect(Array.from(gru.predict(s, X, nRows, T * F))).toEqual(viaForward(gru.gruNet(T, F, 4), s));
  });

  it('cnn1d predicts exactly what forward() gives on each sequence', () => {
    const s = cnn1d.fit(X, nRows, T * F, y, { ...shape, filters: 5, dense: 3, kernelSize: 3 });
    expect(Array.from(cnn1d.predictSteps(s, series, nSteps, seq, nRows))).toEqual(
      Array.from(cnn1d.predict(s, X, nRows, T * F)),
    );
    expect(Array.from(cnn1d.predict(s, X, nRows, T * F))).toEqual(
      viaForward(cnn1d.cnn1dNet(T, F, 5, 3, 3), s),
    );
  });
});
