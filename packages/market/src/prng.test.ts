import { describe, expect, it } from 'vitest';
import { createPrng } from './prng.ts';
import { seriesExcessKurtosis, seriesMean, seriesSd } from './stats.ts';

const draw = (n: number, f: () => number) => Array.from({ length: n }, f);

describe('createPrng', () => {
  it('repeats the same stream for the same seed and keys', () => {
    const a = createPrng(42, 'THYAO', '2026-07-10');
    const b = createPrng(42, 'THYAO', '2026-07-10');
    expect(draw(20, a.uniform)).toEqual(draw(20, b.uniform));
    expect(draw(20, a.normal)).toEqual(draw(20, b.normal));
  });

  it('gives different streams for different seeds or keys', () => {
    const first = draw(5, createPrng(42).nextUint32);
    expect(draw(5, createPrng(43).nextUint32)).not.toEqual(first);
    expect(draw(5, createPrng(42, 'x').nextUint32)).not.toEqual(first);
    expect(draw(5, createPrng('42').nextUint32)).not.toEqual(draw(5, createPrng(42, '').nextUint32));
  });

  it('draws uniforms in [0, 1) with mean 1/2', () => {
    const values = draw(100_000, createPrng(1).uniform);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(seriesMean(values)).toBeCloseTo(0.5, 2);
  });

  it('draws standard normals with mean 0, sd 1 and no excess kurtosis', () => {
    const values = draw(200_000, createPrng(2).normal);
    expect(seriesMean(values)).toBeCloseTo(0, 2);
    expect(seriesSd(values)).toBeCloseTo(1, 2);
    expect(Math.abs(seriesExcessKurtosis(values))).toBeLessThan(0.05);
  });

  it('draws unit-variance Student-t with fat tails (excess kurtosis 6/(ν−4) = 3 for ν = 6)', () => {
    const rng = createPrng(3);
    const values = draw(400_000, () => rng.studentT(6));
    expect(seriesSd(values)).toBeCloseTo(1, 1);
    const kurtosis = seriesExcessKurtosis(values);
    expect(kurtosis).toBeGreaterThan(1.5);
    expect(kurtosis).toBeLessThan(5);
  });

  it('draws integers in range', () => {
    const rng = createPrng(4);
    const values = draw(10_000, () => rng.int(7));
    expect(new Set(values)).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
  });
});
