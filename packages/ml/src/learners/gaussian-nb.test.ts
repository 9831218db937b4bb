import { describe, expect, it } from 'vitest';
import * as gaussianNb from './gaussian-nb.ts';
import { expectContract } from '../../test/learner-contract.ts';
import { accuracy, makeLinearClass, makeNoiseClass } from '../../test/learner-data.ts';
import { Rng } from '../random.ts';

describe('gaussian-nb', () => {
  it('separates two Gaussian classes with shifted means (accuracy > 0.9)', () => {
    const r = new Rng(1);
    const n = 2000;
    const X = new Float64Array(n * 3);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      y[i] = i % 2;
      X[i * 3] = r.normal() + (y[i] === 1 ? 1.5 : -1.5);
      X[i * 3 + 1] = r.normal() * (y[i] === 1 ? 2 : 1);
      X[i * 3 + 2] = r.normal();
    }
    const s = gaussianNb.fit(X, n, 3, y);
    expect(s.mean1[0]).toBeCloseTo(1.5, 0);
    expect(s.var1[1]! / s.var0[1]!).toBeGreaterThan(3);
    expect(accuracy(y, gaussianNb.predict(s, X, n, 3))).toBeGreaterThan(0.9);
  });

  it('beats the constant baseline on a linear rule (accuracy > 0.8) and stays near 50% on noise', () => {
    const tr = makeLinearClass(2000, 5, 2);
    const te = makeLinearClass(1000, 5, 3);
    const s = gaussianNb.fit(tr.X, tr.nRows, tr.nCols, tr.y);
    expect(accuracy(te.y, gaussianNb.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.8);
    const nz = makeNoiseClass(2000, 5, 4);
    const nte = makeNoiseClass(4000, 5, 5);
    const sn = gaussianNb.fit(nz.X, nz.nRows, nz.nCols, nz.y);
    expect(Math.abs(accuracy(nte.y, gaussianNb.predict(sn, nte.X, nte.nRows, nte.nCols)) - 0.5)).toBeLessThan(
      0.04,
    );
  });

  it('predicts a constant when only one class was seen', () => {
    const tr = makeLinearClass(100, 3, 6);
    const s = gaussianNb.fit(tr.X, 100, 3, new Float64Array(100).fill(1));
    expect(Array.from(gaussianNb.predict(s, tr.X, 100, 3)).every((v) => v === 1)).toBe(true);
  });

  it('round-trips through JSON and is deterministic', () => {
    expectContract(gaussianNb, makeLinearClass(500, 4, 7), makeLinearClass(100, 4, 8), {});
  });
});
