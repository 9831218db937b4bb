import { describe, expect, it } from 'vitest';
import * as extraTrees from './extra-trees.ts';
import { expectContract } from '../../test/learner-contract.ts';
import {
  accuracy,
  makeLinear,
  makeNoiseClass,
  makeThreshold,
  makeXor,
  rSquared,
} from '../../test/learner-data.ts';

describe('extra-trees', () => {
  it('draws ⌈√p⌉ columns per split by default (the documented √p rule), not a fixed half', () => {
    const tr = makeLinear(600, 16, 9);
    const opts = { nTrees: 3, maxDepth: 3, seed: 4 };
    const byDefault = extraTrees.fit(tr.X, tr.nRows, tr.nCols, tr.y, opts);
    const sqrt = extraTrees.fit(tr.X, tr.nRows, tr.nCols, tr.y, { ...opts, maxFeatures: 'sqrt' });
    const half = extraTrees.fit(tr.X, tr.nRows, tr.nCols, tr.y, { ...opts, maxFeatures: 0.5 });
    expect(JSON.stringify(byDefault)).toBe(JSON.stringify(sqrt));
    expect(JSON.stringify(byDefault)).not.toBe(JSON.stringify(half));
  });

  it('beats the mean on a linear signal (R² > 0.7)', () => {
    const tr = makeLinear(2000, 6, 1);
    const te = makeLinear(1000, 6, 2);
    const s = extraTrees.fit(tr.X, tr.nRows, tr.nCols, tr.y, { nTrees: 50, maxFeatures: 'all' });
    expect(rSquared(te.y, extraTrees.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.7);
  });

  it('learns a planted threshold rule (R² > 0.85) with random cuts', () => {
    const tr = makeThreshold(2000, 4, 3);
    const te = makeThreshold(1000, 4, 4);
    const s = extraTrees.fit(tr.X, tr.nRows, tr.nCols, tr.y, { nTrees: 50, maxFeatures: 'all' });
    expect(rSquared(te.y, extraTrees.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.85);
    // Random cuts: the roots do not all share one threshold.
    expect(new Set(s.trees.map((t) => t.threshold[0])).size).toBeGreaterThan(5);
  });

  it('classifies x0·x1 > 0 (accuracy > 0.8) and stays near 50% on noise', () => {
    const tr = makeXor(3000, 4, 5);
    const te = makeXor(1000, 4, 6);
    const s = extraTrees.fit(tr.X, tr.nRows, tr.nCols, tr.y, {
      task: 'classification',
      nTrees: 50,
      maxFeatures: 'all',
    });
    expect(accuracy(te.y, extraTrees.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.8);
    const nz = makeNoiseClass(2000, 5, 7);
    const nte = makeNoiseClass(4000, 5, 8);
    const sn = extraTrees.fit(nz.X, nz.nRows, nz.nCols, nz.y, { task: 'classification', nTrees: 30 });
    expect(Math.abs(accuracy(nte.y, extraTrees.predict(sn, nte.X, nte.nRows, nte.nCols)) - 0.5)).toBeLessThan(
      0.04,
    );
  });

  it('round-trips through JSON and is deterministic for a seed', () => {
    expectContract(extraTrees, makeLinear(500, 5, 9), makeLinear(100, 5, 10), { nTrees: 10, seed: 5 });
  });
});
