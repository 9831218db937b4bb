import { describe, expect, it } from 'vitest';
import * as knn from './knn.ts';
import { expectContract } from '../../test/learner-contract.ts';
import { accuracy, makeLinear, makeNoiseClass, makeXor, rSquared } from '../../test/learner-data.ts';

describe('knn', () => {
  it('beats the mean on a low-dimensional linear signal (R² > 0.8)', () => {
    const tr = makeLinear(2000, 3, 1);
    const te = makeLinear(500, 3, 2);
    const s = knn.fit(tr.X, tr.nRows, tr.nCols, tr.y, { k: 10 });
    expect(rSquared(te.y, knn.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.8);
  });

  it('classifies x0·x1 > 0 (accuracy > 0.85) and stays near 50% on noise', () => {
    const tr = makeXor(2000, 3, 3);
    const te = makeXor(500, 3, 4);
    const s = knn.fit(tr.X, tr.nRows, tr.nCols, tr.y, { task: 'classification', weighting: 'distance' });
    expect(accuracy(te.y, knn.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.85);
    const nz = makeNoiseClass(2000, 4, 5);
    const nte = makeNoiseClass(2000, 4, 6);
    const sn = knn.fit(nz.X, nz.nRows, nz.nCols, nz.y, { task: 'classification', k: 25 });
    expect(Math.abs(accuracy(nte.y, knn.predict(sn, nte.X, nte.nRows, nte.nCols)) - 0.5)).toBeLessThan(0.05);
  });

  it('keeps at most maxReference rows, and k = 1 on the reference rows returns their own targets', () => {
    const tr = makeLinear(3000, 4, 7);
    const s = knn.fit(tr.X, tr.nRows, tr.nCols, tr.y, { maxReference: 500, k: 1 });
    expect(s.refY.length).toBe(500);
    const all = knn.fit(tr.X.subarray(0, 300 * 4), 300, 4, tr.y.subarray(0, 300), { k: 1 });
    const p = knn.predict(all, tr.X.subarray(0, 300 * 4), 300, 4);
    expect(Array.from(p)).toEqual(Array.from(tr.y.subarray(0, 300)));
  });

  it('round-trips through JSON and is deterministic for a seed', () => {
    expectContract(knn, makeLinear(1500, 4, 8), makeLinear(100, 4, 9), { maxReference: 700, seed: 1 });
  });
});
