import { describe, expect, it } from 'vitest';
import * as adaboost from './adaboost.ts';
import { expectContract } from '../../test/learner-contract.ts';
import {
  accuracy,
  makeLinear,
  makeLinearClass,
  makeNoiseClass,
  makeThreshold,
  makeXor,
  rSquared,
} from '../../test/learner-data.ts';

describe('adaboost', () => {
  it('AdaBoost.R2 beats the mean on a linear signal (R² > 0.8)', () => {
    const tr = makeLinear(2000, 6, 1);
    const te = makeLinear(1000, 6, 2);
    const s = adaboost.fit(tr.X, tr.nRows, tr.nCols, tr.y, { task: 'regression' });
    expect(rSquared(te.y, adaboost.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.8);
  });

  it('AdaBoost.R2 recovers a planted threshold rule (first tree splits x0 near 0.5)', () => {
    const tr = makeThreshold(2000, 5, 3);
    const te = makeThreshold(1000, 5, 4);
    const s = adaboost.fit(tr.X, tr.nRows, tr.nCols, tr.y, { task: 'regression', nEstimators: 10 });
    expect(s.trees[0]!.feature[0]).toBe(0);
    expect(Math.abs(s.trees[0]!.threshold[0]! - 0.5)).toBeLessThan(0.05);
    expect(rSquared(te.y, adaboost.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.9);
  });

  it('SAMME classifies x0·x1 > 0 and a linear rule, and stays near 50% on noise', () => {
    const tr = makeXor(3000, 5, 5);
    const te = makeXor(1000, 5, 6);
    const s = adaboost.fit(tr.X, tr.nRows, tr.nCols, tr.y, { task: 'classification' });
    const p = adaboost.predict(s, te.X, te.nRows, te.nCols);
    expect(p.every((v) => v >= 0 && v <= 1)).toBe(true);
    expect(accuracy(te.y, p)).toBeGreaterThan(0.9);
    const lc = makeLinearClass(2000, 5, 7);
    const lte = makeLinearClass(1000, 5, 8);
    const sl = adaboost.fit(lc.X, lc.nRows, lc.nCols, lc.y, { task: 'classification' });
    expect(accuracy(lte.y, adaboost.predict(sl, lte.X, lte.nRows, lte.nCols))).toBeGreaterThan(0.85);
    const nz = makeNoiseClass(2000, 5, 9);
    const nte = makeNoiseClass(4000, 5, 10);
    const sn = adaboost.fit(nz.X, nz.nRows, nz.nCols, nz.y, { task: 'classification', nEstimators: 20 });
    expect(Math.abs(accuracy(nte.y, adaboost.predict(sn, nte.X, nte.nRows, nte.nCols)) - 0.5)).toBeLessThan(
      0.04,
    );
  });

  it('round-trips through JSON and is deterministic (both tasks)', () => {
    expectContract(adaboost, makeLinear(500, 5, 11), makeLinear(100, 5, 12), {
      task: 'regression',
      nEstimators: 10,
    });
    expectContract(adaboost, makeXor(500, 4, 13), makeXor(100, 4, 14), {
      task: 'classification',
      nEstimators: 10,
    });
  });
});
