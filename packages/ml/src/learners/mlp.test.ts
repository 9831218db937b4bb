import { describe, expect, it } from 'vitest';
import { expectContract } from '../../test/learner-contract.ts';
import * as mlp from './mlp.ts';
import { accuracy, makeLinear, makeNoiseClass, makeXor, rSquared } from '../../test/learner-data.ts';

describe('mlp', () => {
  it('fits a linear signal (R² > 0.85)', () => {
    const tr = makeLinear(2000, 6, 1);
    const te = makeLinear(1000, 6, 2);
    const s = mlp.fit(tr.X, tr.nRows, tr.nCols, tr.y, { maxEpochs: 20 });
    expect(rSquared(te.y, mlp.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.85);
  });

  it('learns the nonlinear x0·x1 > 0 rule with either activation (accuracy > 0.85)', () => {
    const tr = makeXor(2000, 4, 3);
    const te = makeXor(1000, 4, 4);
    for (const activation of ['relu', 'tanh'] as const) {
      const s = mlp.fit(tr.X, tr.nRows, tr.nCols, tr.y, {
        task: 'classification',
        activation,
        maxEpochs: 30,
      });
      const p = mlp.predict(s, te.X, te.nRows, te.nCols);
      expect(p.every((v) => v > 0 && v < 1)).toBe(true);
      expect(accuracy(te.y, p)).toBeGreaterThan(0.85);
    }
  });

  it('stays near 50% accuracy on pure noise (early stopping keeps it from memorising)', () => {
    const nz = makeNoiseClass(2000, 6, 5);
    const nte = makeNoiseClass(4000, 6, 6);
    const s = mlp.fit(nz.X, nz.nRows, nz.nCols, nz.y, { task: 'classification', hiddenSizes: [16] });
    expect(s.layers.length).toBe(2);
    expect(Math.abs(accuracy(nte.y, mlp.predict(s, nte.X, nte.nRows, nte.nCols)) - 0.5)).toBeLessThan(0.04);
  });

  it('round-trips through JSON and is deterministic for a seed', () => {
    expectContract(mlp, makeLinear(400, 4, 7), makeLinear(100, 4, 8), { maxEpochs: 5, seed: 3 });
  });
});
