import { describe, expect, it } from 'vitest';
import { vecAddScaled, vecDot, vecGradAndDot } from './linalg.ts';

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
