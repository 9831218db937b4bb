import { describe, expect, it } from 'vitest';
import { binColumnEdges, binIndex, binMatrix } from './binning.ts';

describe('binning', () => {
  it('cuts few distinct values at midpoints, one bin per value', () => {
    const e = binColumnEdges(Float64Array.from([3, 1, 2, 2, 1, 3]), 255);
    expect(Array.from(e)).toEqual([1.5, 2.5]);
    expect(binIndex(e, 1)).toBe(0);
    expect(binIndex(e, 2)).toBe(1);
    expect(binIndex(e, 3)).toBe(2);
    expect(binIndex(e, NaN)).toBe(0);
  });

  it('places ≤ maxBins − 1 increasing quantile cuts on many distinct values (roughly equal bin counts)', () => {
    const n = 10_000;
    const v = Float64Array.from({ length: n }, (_, i) => (i * 7919) % n);
    const e = binColumnEdges(v, 16);
    expect(e.length).toBe(15);
    for (let i = 1; i < e.length; i++) expect(e[i]!).toBeGreaterThan(e[i - 1]!);
    const counts = new Array<number>(16).fill(0);
    for (const x of v) counts[binIndex(e, x)]!++;
    for (const c of counts) expect(Math.abs(c - n / 16)).toBeLessThan(n / 160);
  });

  it('bins a matrix with per-column offsets so that x ≤ edges[c] ⇔ bin ≤ c', () => {
    const X = Float64Array.from([0, 10, 1, 20, 2, 30, 3, 40]);
    const b = binMatrix(X, 4, 2, 3);
    expect(b.binOffset[0]).toBe(0);
    expect(b.binOffset[2]).toBe(b.binOffset[1]! + b.edges[1]!.length + 1);
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 2; j++) {
        const bin = b.globalBins[i * 2 + j]! - b.binOffset[j]!;
        const e = b.edges[j]!;
        for (let c = 0; c < e.length; c++) expect(X[i * 2 + j]! <= e[c]!).toBe(bin <= c);
      }
    }
    expect(Array.from(b.colMin)).toEqual([0, 10]);
    expect(Array.from(b.colMax)).toEqual([3, 40]);
  });
});
