import { describe, expect, it } from 'vitest';
import * as cart from './cart.ts';
import { expectContract } from '../../test/learner-contract.ts';
import {
  accuracy,
  makeLinear,
  makeNoiseClass,
  makeThreshold,
  rSquared,
  type Dataset,
} from '../../test/learner-data.ts';

function thresholdClass(seed: number): Dataset {
  const d = makeThreshold(2000, 5, seed);
  return { ...d, y: d.y.map((v) => (v > 1.5 ? 1 : 0)) };
}

describe('cart', () => {
  it('puts the planted threshold x0 > 0.5 at the root', () => {
    const tr = makeThreshold(2000, 5, 1);
    const s = cart.fit(tr.X, tr.nRows, tr.nCols, tr.y, { maxDepth: 3 });
    expect(s.tree.feature[0]).toBe(0);
    expect(Math.abs(s.tree.threshold[0]! - 0.5)).toBeLessThan(0.05);
    const te = makeThreshold(1000, 5, 2);
    expect(rSquared(te.y, cart.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.9);
  });

  it('beats the mean on a linear signal (R² > 0.6)', () => {
    const tr = makeLinear(3000, 5, 3);
    const te = makeLinear(1000, 5, 4);
    const s = cart.fit(tr.X, tr.nRows, tr.nCols, tr.y, { maxDepth: 8 });
    expect(rSquared(te.y, cart.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.6);
  });

  it('classifies a threshold rule (Gini) and stays near 50% on noise', () => {
    const tr = thresholdClass(5);
    const te = thresholdClass(6);
    const s = cart.fit(tr.X, tr.nRows, tr.nCols, tr.y, { task: 'classification', maxDepth: 2 });
    expect(accuracy(te.y, cart.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.97);
    const nz = makeNoiseClass(2000, 5, 7);
    const nte = makeNoiseClass(4000, 5, 8);
    const sn = cart.fit(nz.X, nz.nRows, nz.nCols, nz.y, {
      task: 'classification',
      maxDepth: 4,
      minSamplesLeaf: 50,
    });
    expect(Math.abs(accuracy(nte.y, cart.predict(sn, nte.X, nte.nRows, nte.nCols)) - 0.5)).toBeLessThan(0.04);
  });

  it('respects maxDepth and minSamplesLeaf', () => {
    const tr = makeLinear(500, 4, 9);
    const s = cart.fit(tr.X, tr.nRows, tr.nCols, tr.y, { maxDepth: 3, minSamplesLeaf: 40 });
    const leaves = s.tree.feature.filter((f) => f < 0).length;
    expect(leaves).toBeLessThanOrEqual(8);
    expect(leaves).toBeGreaterThan(1);
  });

  it('round-trips through JSON and is deterministic', () => {
    expectContract(cart, makeLinear(500, 4, 10), makeLinear(100, 4, 11), { maxDepth: 5 });
  });
});
