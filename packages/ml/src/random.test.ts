import { describe, expect, it } from 'vitest';
import { Rng } from './random.ts';

describe(Rng.name, () => {
  it('repeats its stream for the same seed and differs across seeds', () => {
    const a = new Rng(7);
    const b = new Rng(7);
    const c = new Rng(8);
    const sa = Array.from({ length: 20 }, () => a.nextUint32());
    expect(Array.from({ length: 20 }, () => b.nextUint32())).toEqual(sa);
    expect(Array.from({ length: 20 }, () => c.nextUint32())).not.toEqual(sa);
  });

  it('draws uniform [0, 1) with mean ½ and normals with mean 0, variance 1', () => {
    const r = new Rng(1);
    const n = 200_000;
    let su = 0;
    let sn = 0;
    let sn2 = 0;
    let lo = 1;
    let hi = 0;
    for (let i = 0; i < n; i++) {
      const u = r.uniform();
      lo = Math.min(lo, u);
      hi = Math.max(hi, u);
      su += u;
      const z = r.normal();
      sn += z;
      sn2 += z * z;
    }
    expect(lo).toBeGreaterThanOrEqual(0);
    expect(hi).toBeLessThan(1);
    expect(Math.abs(su / n - 0.5)).toBeLessThan(0.005);
    expect(Math.abs(sn / n)).toBeLessThan(0.01);
    expect(Math.abs(sn2 / n - 1)).toBeLessThan(0.02);
  });

  it('samples k distinct sorted indices without replacement', () => {
    const s = new Rng(3).sampleWithoutReplacement(100, 30);
    expect(s.length).toBe(30);
    expect(new Set(s).size).toBe(30);
    for (let i = 1; i < s.length; i++) expect(s[i]!).toBeGreaterThan(s[i - 1]!);
    expect(new Rng(3).sampleWithoutReplacement(10, 50).length).toBe(10);
  });
});
