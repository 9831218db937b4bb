import { describe, expect, it } from 'vitest';
import * as lstm from './lstm.ts';
import { expectContract } from '../../test/learner-contract.ts';
import { accuracy, makeNoiseClass, makeSequences, rSquared } from '../../test/learner-data.ts';

const shape = { seqLen: 10, nFeatures: 4 };

describe('lstm', () => {
  it('learns a planted sequence signal far better than the mean (R² > 0.7)', () => {
    const tr = makeSequences(1500, 10, 4, 1);
    const te = makeSequences(500, 10, 4, 2);
    const s = lstm.fit(tr.X, tr.nRows, tr.nCols, tr.y, { ...shape, maxEpochs: 10 });
    expect(rSquared(te.y, lstm.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.7);
  });

  it('classifies the sign of the planted signal (accuracy > 0.85) and stays near 50% on noise', () => {
    const tr = makeSequences(1500, 10, 4, 3);
    const te = makeSequences(500, 10, 4, 4);
    const s = lstm.fit(tr.X, tr.nRows, tr.nCols, tr.label, {
      ...shape,
      task: 'classification',
      maxEpochs: 10,
      learningRate: 0.01,
    });
    const p = lstm.predict(s, te.X, te.nRows, te.nCols);
    expect(p.every((v) => v > 0 && v < 1)).toBe(true);
    expect(accuracy(te.label, p)).toBeGreaterThan(0.85);
    const nz = makeNoiseClass(1000, 40, 5);
    const nte = makeNoiseClass(2000, 40, 6);
    const sn = lstm.fit(nz.X, nz.nRows, nz.nCols, nz.y, { ...shape, task: 'classification', maxEpochs: 3 });
    expect(Math.abs(accuracy(nte.y, lstm.predict(sn, nte.X, nte.nRows, nte.nCols)) - 0.5)).toBeLessThan(0.05);
  });

  it('rejects a shape that does not match seqLen × nFeatures', () => {
    const tr = makeSequences(60, 10, 4, 7);
    expect(() => lstm.fit(tr.X, tr.nRows, tr.nCols, tr.y, { seqLen: 8, nFeatures: 4 })).toThrow(/nCols/);
  });

  it('round-trips through JSON and is deterministic for a seed', () => {
    const tr = makeSequences(300, 10, 4, 8);
    const te = makeSequences(50, 10, 4, 9);
    expectContract(lstm, tr, te, { ...shape, maxEpochs: 2, seed: 4 });
  });
});
