import { describe, expect, it } from 'vitest';
import { expectContract } from '../../test/learner-contract.ts';
import * as randomForest from './random-forest.ts';
import {
  accuracy,
  makeLinear,
  makeNoiseClass,
  makeThreshold,
  makeXor,
  rSquared,
} from '../../test/learner-data.ts';

describe('random-forest', () => {
  it('beats the mean on a linear signal (R² > 0.7)', () => {
    const tr = makeLinear(2000, 6, 1);
    const te = makeLinear(1000, 6, 2);
    const s = randomForest.fit(tr.X, tr.nRows, tr.nCols, tr.y, { nTrees: 50 });
    expect(rSquared(te.y, randomForest.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.7);
  });

  it('finds a planted threshold rule: trees splitting on x0 cut it near 0.5', () => {
    const tr = makeThreshold(2000, 6, 3);
    const te = makeThreshold(1000, 6, 4);
    const s = randomForest.fit(tr.X, tr.nRows, tr.nCols, tr.y, {
      nTrees: 30,
      maxFeatures: 'all',
      maxDepth: 4,
    });
    for (const t of s.trees) {
      expect(t.feature[0]).toBe(0);
      expect(Math.abs(t.threshold[0]! - 0.5)).toBeLessThan(0.1);
    }
    expect(rSquared(te.y, randomForest.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.9);
  });

  it('classifies x0·x1 > 0 (accuracy > 0.85) and stays near 50% on noise', () => {
    const tr = makeXor(3000, 5, 5);
    const te = makeXor(1000, 5, 6);
    const s = randomForest.fit(tr.X, tr.nRows, tr.nCols, tr.y, {
      task: 'classification',
      nTrees: 50,
      maxFeatures: 'all',
    });
    const p = randomForest.predict(s, te.X, te.nRows, te.nCols);
    expect(p.every((v) => v >= 0 && v <= 1)).toBe(true);
    expect(accuracy(te.y, p)).toBeGreaterThan(0.85);
    const nz = makeNoiseClass(2000, 5, 7);
    const nte = makeNoiseClass(4000, 5, 8);
    const sn = randomForest.fit(nz.X, nz.nRows, nz.nCols, nz.y, { task: 'classification', nTrees: 30 });
    expect(
      Math.abs(accuracy(nte.y, randomForest.predict(sn, nte.X, nte.nRows, nte.nCols)) - 0.5),
    ).toBeLessThan(0.04);
  });

  it('round-trips through JSON, is deterministic for a seed and differs across seeds', () => {
    const tr = makeLinear(500, 5, 9);
    const te = makeLinear(100, 5, 10);
    expectContract(randomForest, tr, te, { nTrees: 10, seed: 3 });
    const a = randomForest.predict(
      randomForest.fit(tr.X, 500, 5, tr.y, { nTrees: 10, seed: 3 }),
      te.X,
      100,
      5,
    );
    const b = randomForest.predict(
      randomForest.fit(tr.X, 500, 5, tr.y, { nTrees: 10, seed: 4 }),
      te.X,
      100,
      5,
    );
    expect(Array.from(a)).not.toEqual(Array.from(b));
  });
});
