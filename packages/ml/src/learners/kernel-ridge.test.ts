import { describe, expect, it } from 'vitest';
import * as kernelRidge from './kernel-ridge.ts';
import { expectContract } from '../../test/learner-contract.ts';
import { Rng } from '../random.ts';
import { makeLinear, rSquared } from '../../test/learner-data.ts';

describe('kernel-ridge', () => {
  it('beats the mean on a linear signal (R² > 0.8)', () => {
    const tr = makeLinear(1500, 5, 1);
    const te = makeLinear(500, 5, 2);
    const s = kernelRidge.fit(tr.X, tr.nRows, tr.nCols, tr.y, { maxRows: 800 });
    expect(s.coef.length).toBe(800);
    expect(rSquared(te.y, kernelRidge.predict(s, te.X, te.nRows, te.nCols))).toBeGreaterThan(0.8);
  });

  it('fits a smooth nonlinear signal y = sin(2·x0) + x1² (R² > 0.8)', () => {
    const r = new Rng(3);
    const make = (n: number): { X: Float64Array; y: Float64Array } => {
      const X = new Float64Array(n * 3);
      const y = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < 3; j++) X[i * 3 + j] = r.normal();
        y[i] = Math.sin(2 * X[i * 3]!) + X[i * 3 + 1]! ** 2 + 0.1 * r.normal();
      }
      return { X, y };
    };
    const tr = make(1000);
    const te = make(500);
    const s = kernelRidge.fit(tr.X, 1000, 3, tr.y, { gamma: 0.5, alpha: 0.1 });
    expect(rSquared(te.y, kernelRidge.predict(s, te.X, 500, 3))).toBeGreaterThan(0.8);
  });

  it('solves (K + λI)α = y exactly on a tiny problem via Cholesky', () => {
    const A = Float64Array.from([4, 2, 0.6, 2, 5, 1, 0.6, 1, 3]);
    const b = Float64Array.from([1, 2, 3]);
    const L = A.slice();
    expect(kernelRidge.choleskyInPlace(L, 3)).toBe(true);
    const x = b.slice();
    kernelRidge.choleskySolveInPlace(L, 3, x);
    for (let i = 0; i < 3; i++) {
      let s = 0;
      for (let j = 0; j < 3; j++) s += A[i * 3 + j]! * x[j]!;
      expect(s).toBeCloseTo(b[i]!, 10);
    }
  });

  it('round-trips through JSON and is deterministic for a seed', () => {
    expectContract(kernelRidge, makeLinear(600, 4, 4), makeLinear(100, 4, 5), { maxRows: 300, seed: 2 });
  });
});
