import { describe, expect, it } from 'vitest';
import { addRowsTimesVector } from './sequence-core.ts';

describe('addRowsTimesVector', () => {
  // G = 11 rows: one block of eight and three left over; inputs include zeros (skipped) and a weight offset.
  const G = 11;
  const n = 5;
  const wOff = 3;
  const p = Float64Array.from({ length: wOff + n * G }, (_, i) => ((i * 37) % 17) / 8 - 1);
  const x = Float64Array.from([9, 0.5, 0, -1.25, 2, 0, 9]); // read from xo = 1, n = 5
  const base = Float64Array.from({ length: 2 + G }, (_, i) => i / 4);

  function naive(withBase: boolean): number[] {
    return Array.from({ length: G }, (_, r) => {
      let s = withBase ? base[2 + r]! : 0;
      for (let j = 0; j < n; j++) s += x[1 + j]! * p[wOff + j * G + r]!;
      return s;
    });
  }

  it('adds the input-major matrix times the vector to a base, every row', () => {
    const out = new Float64Array(4 + G);
    addRowsTimesVector(out, 4, base, 2, x, 1, n, p, wOff, G);
    expect(Array.from(out.subarray(0, 4))).toEqual([0, 0, 0, 0]);
    Array.from(out.subarray(4)).forEach((v, r) => expect(v).toBeCloseTo(naive(true)[r]!, 12));
  });

  it('starts from zero without a base', () => {
    const out = new Float64Array(G);
    addRowsTimesVector(out, 0, null, 0, x, 1, n, p, wOff, G);
    Array.from(out).forEach((v, r) => expect(v).toBeCloseTo(naive(false)[r]!, 12));
  });
});
