import { describe, expect, it } from 'vitest';
import { ledoitWolf } from './ledoit-wolf.ts';

describe('ledoitWolf (scaled-identity target, scikit-learn ledoit_wolf formula)', () => {
  it('matches a case computed by hand', () => {
    // Centred columns a = [1, −1, 2, −2], b = [2, 0, 0, −2] (shifted below by +0.01 / −0.02 to check centring), T = 4:
    //   S = X'X/T = [[2.5, 1.5], [1.5, 2]], μ = tr(S)/N = 2.25
    //   ‖S‖²_F = 6.25 + 2·2.25 + 4 = 14.75;  Σ_t ‖x_t‖⁴ = 5² + 1² + 4² + 8² = 106
    //   b̄² = (106/4 − 14.75)/(N·T) = 11.75/8 = 1.46875;  d² = (14.75 − 2·2.25·4.5 + 2·2.25²)/2 = 2.3125
    //   shrinkage = 1.46875/2.3125 = 47/74;  Σ̂ = (27/74)·S + (47/74)·2.25·I
    const x = [
      [1.01, 1.98],
      [-0.99, -0.02],
      [2.01, -0.02],
      [-1.99, -2.02],
    ];
    const { covariance, shrinkage } = ledoitWolf(x);
    expect(shrinkage).toBeCloseTo(47 / 74, 13);
    expect(covariance[0]![0]).toBeCloseTo(173.25 / 74, 13);
    expect(covariance[1]![1]).toBeCloseTo(159.75 / 74, 13);
    expect(covariance[0]![1]).toBeCloseTo(40.5 / 74, 13);
    expect(covariance[1]![0]).toBe(covariance[0]![1]);
  });

  it('scales with the data (Σ̂(cX) = c²Σ̂(X), same shrinkage) and keeps shrinkage in [0, 1]', () => {
    const x = Array.from({ length: 30 }, (_, i) => [Math.sin(i), Math.cos(i * 0.7), Math.sin(i * 1.3) * 0.5]);
    const a = ledoitWolf(x);
    const b = ledoitWolf(x.map((row) => row.map((v) => v * 0.01)));
    expect(b.shrinkage).toBeCloseTo(a.shrinkage, 12);
    expect(a.shrinkage).toBeGreaterThan(0);
    expect(a.shrinkage).toBeLessThanOrEqual(1);
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) expect(b.covariance[i]![j]).toBeCloseTo(a.covariance[i]![j]! * 1e-4, 15);
  });

  it('rejects ragged or non-finite input', () => {
    expect(() => ledoitWolf([[1, 2]])).toThrow(RangeError);
    expect(() => ledoitWolf([[1, 2], [3]])).toThrow(/row 1/);
    expect(() =>
      ledoitWolf([
        [1, 2],
        [3, Number.NaN],
      ]),
    ).toThrow(/not finite/);
  });
});
