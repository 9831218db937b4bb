import { describe, expect, it } from 'vitest';
import { gramWithIntercept, vecAddScaled, vecDot, vecGradAndDot } from './linalg.ts';
import { Rng } from './random.ts';

describe('linalg kernels', () => {
  it('match plain loops for every length 0..9 (unrolled body and remainder)', () => {
    for (let n = 0; n < 10; n++) {
      const x = Float64Array.from({ length: n + 2 }, (_, i) => i * 0.5 - 1);
      const y = Float64Array.from({ length: n + 3 }, (_, i) => i);
      const expected = y.slice();
      for (let r = 0; r < n; r++) expected[1 + r]! += 2 * x[2 + r]!;
      vecAddScaled(y, 1, x, 2, 2, n);
      expect(Array.from(y)).toEqual(Array.from(expected));

      const w = Float64Array.from({ length: n + 1 }, (_, i) => i + 1);
      const d = Float64Array.from({ length: n }, (_, i) => (i % 3) - 1);
      const grad = new Float64Array(n + 1);
      let dot = 0;
      for (let r = 0; r < n; r++) dot += w[1 + r]! * d[r]!;
      expect(vecGradAndDot(grad, w, 1, d, 3, n)).toBeCloseTo(dot, 12);
      for (let r = 0; r < n; r++) expect(grad[1 + r]).toBe(3 * d[r]!);
      expect(vecDot(w, 1, x, 2, n)).toBeCloseTo(
        Array.from({ length: n }, (_, r) => w[1 + r]! * x[2 + r]!).reduce((p, q) => p + q, 0),
        12,
      );
    }
  });
});

describe('gramWithIntercept', () => {
  it('equals the plain row-by-row update bit for bit (chunks, tiles, padding, zero weights)', () => {
    const rng = new Rng(8);
    for (const [n, p] of [
      [300, 30],
      [131, 6],
      [5, 3],
      [9, 1],
    ] as const) {
      const X = Float64Array.from({ length: n * p }, () => rng.normal());
      const y = Float64Array.from({ length: n }, () => rng.normal());
      const w = Float64Array.from({ length: n }, (_, i) => (i % 5 === 0 ? 0 : rng.uniform()));
      for (const weights of [undefined, w]) {
        const q = p + 1;
        const g = new Float64Array(q * q);
        const c = new Float64Array(q);
        let yy = 0;
        for (let i = 0; i < n; i++) {
          const wi = weights ? weights[i]! : 1;
          if (wi === 0) continue;
          const z = [1, ...X.subarray(i * p, (i + 1) * p)];
          yy += wi * y[i]! * y[i]!;
          for (let a = 0; a < q; a++) {
            const za = wi * z[a]!;
            c[a]! += za * y[i]!;
            for (let b = a; b < q; b++) g[a * q + b]! += za * z[b]!;
          }
        }
        for (let a = 0; a < q; a++) for (let b = 0; b < a; b++) g[a * q + b] = g[b * q + a]!;
        const got = gramWithIntercept(X, n, p, y, weights);
        expect(Array.from(got.g)).toEqual(Array.from(g));
        expect(Array.from(got.c)).toEqual(Array.from(c));
        expect(got.yy).toBe(yy);
      }
    }
  });
});
