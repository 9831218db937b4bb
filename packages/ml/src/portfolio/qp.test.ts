import { describe, expect, it } from 'vitest';
import { Rng } from '../random.ts';
import { CappedSimplexQp } from './qp.ts';

/** A random positive definite covariance-like matrix (factor part + diagonal) and expected returns. */
function instance(n: number, rng: Rng): { Q: Float64Array; mu: Float64Array } {
  const k = 3;
  const b = Array.from({ length: n * k }, () => rng.normal() * 0.2);
  const Q = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      let s = i === j ? 0.01 + 0.05 * rng.uniform() : 0;
      for (let f = 0; f < k; f++) s += b[i * k + f]! * b[j * k + f]!;
      Q[i * n + j] = s;
    }
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) Q[i * n + j] = Q[j * n + i]!;
  return { Q, mu: Float64Array.from({ length: n }, () => 0.3 * rng.normal()) };
}

/** KKT of min ½w'Qw − λμ'w, Σw = 1, 0 ≤ w ≤ cap: one ν with g_i = ν on free weights, ≥ ν at 0, ≤ ν at the cap. */
function expectKkt(Q: Float64Array, mu: Float64Array, lambda: number, cap: number, w: Float64Array): void {
  const n = mu.length;
  const g = Array.from({ length: n }, (_, i) => {
    let s = -lambda * mu[i]!;
    for (let j = 0; j < n; j++) s += Q[i * n + j]! * w[j]!;
    return s;
  });
  expect(Math.abs(w.reduce((s, v) => s + v, 0) - 1)).toBeLessThan(1e-12);
  const free = [...w.keys()].filter((i) => w[i]! > 1e-12 && w[i]! < cap - 1e-12);
  const scale = Math.max(...g.map(Math.abs), 1e-9);
  const atZero = [...w.keys()].filter((i) => w[i]! <= 1e-12).map((i) => g[i]!);
  const atCap = [...w.keys()].filter((i) => w[i]! >= cap - 1e-12).map((i) => g[i]!);
  // ν lies between the largest g at the cap and the smallest g at 0, and equals every free g.
  const lo = Math.max(...atCap, ...free.map((i) => g[i]!));
  const hi = Math.min(...atZero, ...free.map((i) => g[i]!));
  expect(lo).toBeLessThanOrEqual(hi + 1e-10 * scale);
  for (const v of w) {
    expect(v).toBeGreaterThanOrEqual(0);
    expect(v).toBeLessThanOrEqual(cap);
  }
}

describe('CappedSimplexQp (active set)', () => {
  it('meets the optimality conditions on random problems, cold and warm started in any λ order', () => {
    const rng = new Rng(11);
    for (let trial = 0; trial < 40; trial++) {
      const n = 2 + rng.int(25);
      const cap = Math.min(1, 1 / n + rng.uniform() * 0.5);
      const { Q, mu } = instance(n, rng);
      const qp = new CappedSimplexQp(Q, mu, cap, n);
      for (let k = 0; k < 6; k++) {
        const lambda = k === 0 ? 0 : 10 ** (rng.uniform() * 4 - 3);
        const s = qp.solve(lambda);
        expectKkt(Q, mu, lambda, cap, s.w);
        for (let i = 0; i < n; i++) {
          const expected = s.w[i]! <= 0 ? -1 : s.w[i]! >= cap ? 1 : 0;
          if (s.status[i] !== 0) expect(s.status[i]).toBe(expected);
        }
      }
    }
  });

  it('reaches the maximum-return corner for a large λ and reports it', () => {
    const mu = Float64Array.from([0.1, 0.3, 0.2, -0.1]);
    const Q = new Float64Array(16);
    for (let i = 0; i < 4; i++) Q[i * 4 + i] = 0.04;
    const qp = new CappedSimplexQp(Q, mu, 0.4, 4);
    expect(qp.maxReturn()).toBeCloseTo(0.4 * 0.3 + 0.4 * 0.2 + 0.2 * 0.1, 15);
    expect(Array.from(qp.solve(1e6).w)).toEqual(
      [0.2, 0.4, 0.4, 0].map((v) => expect.closeTo(v, 12) as number),
    );
    // λ = 0 with equal variances and no correlation: equal weights.
    for (const v of qp.solve(0).w) expect(v).toBeCloseTo(0.25, 12);
  });
});
