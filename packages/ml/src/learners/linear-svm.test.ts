import { describe, expect, it } from 'vitest';
import { expectContract } from '../../test/learner-contract.ts';
import * as linearSvm from './linear-svm.ts';
import { accuracy, makeLinearClass, makeNoiseClass } from '../../test/learner-data.ts';

describe('linear-svm', () => {
  it('finds the planted hyperplane 1.5·x0 − x1 (accuracy > 0.88, weight signs right)', () => {
    const tr = makeLinearClass(3000, 6, 1);
    const te = makeLinearClass(2000, 6, 2);
    const s = linearSvm.fit(tr.X, tr.nRows, tr.nCols, tr.y);
    expect(s.w[0]).toBeGreaterThan(0);
    expect(s.w[1]).toBeLessThan(0);
    expect(Math.abs(s.w[0]!)).toBeGreaterThan(5 * Math.abs(s.w[3]!));
    expect(accuracy(te.y, linearSvm.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.88);
  });

  it('gives calibrated-looking Platt probabilities: monotone in the margin, mean near the base rate', () => {
    const tr = makeLinearClass(3000, 4, 3);
    const s = linearSvm.fit(tr.X, tr.nRows, tr.nCols, tr.y);
    expect(s.platt.a).toBeGreaterThan(0);
    const p = linearSvm.predict(s, tr.X, tr.nRows, tr.nCols);
    let mp = 0;
    let my = 0;
    for (let i = 0; i < tr.nRows; i++) {
      mp += p[i]!;
      my += tr.y[i]!;
    }
    expect(Math.abs(mp - my) / tr.nRows).toBeLessThan(0.03);
  });

  it('stays near 50% accuracy on pure noise', () => {
    const nz = makeNoiseClass(3000, 6, 4);
    const nte = makeNoiseClass(4000, 6, 5);
    const s = linearSvm.fit(nz.X, nz.nRows, nz.nCols, nz.y);
    expect(Math.abs(accuracy(nte.y, linearSvm.predict(s, nte.X, nte.nRows, nte.nCols)) - 0.5)).toBeLessThan(
      0.04,
    );
  });

  it('round-trips through JSON and is deterministic for a seed', () => {
    expectContract(linearSvm, makeLinearClass(500, 4, 6), makeLinearClass(100, 4, 7), { seed: 9, epochs: 5 });
  });
});
