import { describe, expect, it } from 'vitest';
import * as histGbdt from './hist-gbdt.ts';
import { expectContract } from '../../test/learner-contract.ts';
import {
  accuracy,
  makeLinear,
  makeNoiseClass,
  makeThreshold,
  makeXor,
  rSquared,
} from '../../test/learner-data.ts';

describe('hist-gbdt', () => {
  it('fits a linear signal far better than the mean (R² > 0.85)', () => {
    const tr = makeLinear(2000, 8, 1);
    const te = makeLinear(1000, 8, 2);
    const s = histGbdt.fit(tr.X, tr.nRows, tr.nCols, tr.y, {});
    expect(rSquared(te.y, histGbdt.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.85);
  });

  it('recovers a planted threshold rule with one depth-1 tree', () => {
    const tr = makeThreshold(2000, 6, 3);
    const s = histGbdt.fit(tr.X, tr.nRows, tr.nCols, tr.y, {
      nRounds: 1,
      learningRate: 1,
      maxDepth: 1,
      l2: 0,
    });
    const root = s.trees[0]!;
    expect(root.feature[0]).toBe(0);
    expect(Math.abs(root.threshold[0]! - 0.5)).toBeLessThan(0.05);
  });

  it('classifies the x0·x1 > 0 rule (accuracy > 0.9), depth-wise growth too', () => {
    const tr = makeXor(2000, 6, 4);
    const te = makeXor(1000, 6, 5);
    for (const growth of ['leaf', 'depth'] as const) {
      const s = histGbdt.fit(tr.X, tr.nRows, tr.nCols, tr.y, { task: 'classification', growth });
      const p = histGbdt.predict(s, te.X, te.nRows, te.nCols);
      expect(p.every((v) => v >= 0 && v <= 1)).toBe(true);
      expect(accuracy(te.y, p)).toBeGreaterThan(0.9);
    }
  });

  it('stays near 50% accuracy on pure noise', () => {
    const tr = makeNoiseClass(2000, 6, 6);
    const te = makeNoiseClass(4000, 6, 7);
    const s = histGbdt.fit(tr.X, tr.nRows, tr.nCols, tr.y, { task: 'classification', nRounds: 30 });
    expect(Math.abs(accuracy(te.y, histGbdt.predict(s, te.X, te.nRows, te.nCols)) - 0.5)).toBeLessThan(0.04);
  });

  it('round-trips through JSON and is deterministic for a seed (with subsampling)', () => {
    const tr = makeLinear(800, 5, 8);
    const te = makeLinear(200, 5, 9);
    expectContract(histGbdt, tr, te, { nRounds: 20, subsample: 0.7, colsampleByNode: 0.6, seed: 42 });
  });

  it('keeps missing values consistent between binning and prediction (NaN goes left)', () => {
    const tr = makeThreshold(1000, 3, 10);
    for (let i = 0; i < 50; i++) tr.X[i * 3 + 2] = NaN;
    const s = histGbdt.fit(tr.X, tr.nRows, tr.nCols, tr.y, { nRounds: 10 });
    const p = histGbdt.predict(s, tr.X, tr.nRows, tr.nCols);
    expect(p.every((v) => Number.isFinite(v))).toBe(true);
  });
});

describe('hist-gbdt early stopping', () => {
  it('keeps few rounds on pure noise and many on a real signal when a validation tail is given', () => {
    const nz = makeNoiseClass(2000, 6, 20);
    const sn = histGbdt.fit(nz.X, nz.nRows, nz.nCols, nz.y, {
      task: 'classification',
      nRounds: 200,
      validationFraction: 0.25,
    });
    expect(sn.trees.length).toBeLessThan(20);
    const tr = makeLinear(2000, 6, 21);
    const s = histGbdt.fit(tr.X, tr.nRows, tr.nCols, tr.y, { nRounds: 200, validationFraction: 0.25 });
    expect(s.trees.length).toBeGreaterThan(25);
    expect(s.bestValidationLoss).toBeGreaterThan(0);
    expect(s.bestValidationLoss).toBeLessThan(0.5);
  });
});
