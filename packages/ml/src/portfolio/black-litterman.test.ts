import { describe, expect, it } from 'vitest';
import { blackLittermanPosterior, blackLittermanPrior, impliedRiskAversion } from './black-litterman.ts';

const cov = [
  [0.09, 0.03, 0.01],
  [0.03, 0.16, 0.02],
  [0.01, 0.02, 0.04],
];

describe('Black–Litterman', () => {
  it('implied risk aversion and prior π = δΣw (+ rf)', () => {
    expect(impliedRiskAversion(0.08, 0.04)).toBeCloseTo(2, 15);
    expect(() => impliedRiskAversion(0.08, 0)).toThrow(RangeError);
    // w = [0.5, 0.3, 0.2] (given unnormalised as 5:3:2): Σw = [0.056, 0.067, 0.019]
    const prior = blackLittermanPrior(cov, [5, 3, 2], 2, 0.01);
    expect(prior[0]).toBeCloseTo(2 * 0.056 + 0.01, 14);
    expect(prior[1]).toBeCloseTo(2 * 0.067 + 0.01, 14);
    expect(prior[2]).toBeCloseTo(2 * 0.019 + 0.01, 14);
  });

  it('returns the prior when there are no views (and when every view has zero confidence)', () => {
    const prior = blackLittermanPrior(cov, [0.5, 0.3, 0.2], 2.5);
    for (const views of [[], [{ index: 1, expectedReturn: 0.5, confidence: 0 }]]) {
      const post = blackLittermanPosterior({ prior, covariance: cov, views, tau: 0.05 });
      expect(post.expectedReturns).toEqual(prior);
      expect(post.covariance[0]![1]).toBeCloseTo(cov[0]![1]! * 1.05, 15);
    }
  });

  it('a certain view sets that asset to the view and moves the others by regression on it', () => {
    const prior = blackLittermanPrior(cov, [0.5, 0.3, 0.2], 2.5);
    const q = 0.3;
    const post = blackLittermanPosterior({
      prior,
      covariance: cov,
      views: [{ index: 0, expectedReturn: q, confidence: 1 }],
    });
    expect(post.expectedReturns[0]).toBeCloseTo(q, 12);
    // With Ω = 0: μ_i = π_i + Σ_i0/Σ_00 · (q − π_0).
    expect(post.expectedReturns[1]).toBeCloseTo(prior[1]! + (0.03 / 0.09) * (q - prior[0]!), 12);
    expect(post.expectedReturns[2]).toBeCloseTo(prior[2]! + (0.01 / 0.09) * (q - prior[0]!), 12);
    // No uncertainty left on the viewed mean: posterior variance of asset 0 is Σ_00 exactly.
    expect(post.covariance[0]![0]).toBeCloseTo(0.09, 14);
  });

  it('a 50 %-confident view (Ω = τPΣP′, He–Litterman) moves the asset halfway toward it; more confidence moves it further', () => {
    const prior = blackLittermanPrior(cov, [0.5, 0.3, 0.2], 2.5);
    const q = -0.1;
    const at = (confidence: number): number =>
      blackLittermanPosterior({
        prior,
        covariance: cov,
        views: [{ index: 2, expectedReturn: q, confidence }],
      }).expectedReturns[2]!;
    expect(at(0.5)).toBeCloseTo((prior[2]! + q) / 2, 12);
    expect(at(0.2)).toBeLessThan(prior[2]!);
    expect(at(0.2)).toBeGreaterThan(at(0.5));
    expect(at(0.9)).toBeLessThan(at(0.5));
    expect(at(0.9)).toBeGreaterThan(q);
  });

  it('combines several views and rejects malformed ones', () => {
    const prior = [0.1, 0.1, 0.1];
    const post = blackLittermanPosterior({
      prior,
      covariance: cov,
      views: [
        { index: 0, expectedReturn: 0.2, confidence: 1 },
        { index: 2, expectedReturn: 0.0, confidence: 1 },
      ],
    });
    expect(post.expectedReturns[0]).toBeCloseTo(0.2, 12);
    expect(post.expectedReturns[2]).toBeCloseTo(0.0, 12);
    const bad = (views: { index: number; expectedReturn: number; confidence: number }[]) => () =>
      blackLittermanPosterior({ prior, covariance: cov, views });
    expect(bad([{ index: 3, expectedReturn: 0.1, confidence: 0.5 }])).toThrow(/index 3/);
    expect(bad([{ index: 0, expectedReturn: 0.1, confidence: 1.5 }])).toThrow(/confidence/);
    expect(
      bad([
        { index: 0, expectedReturn: 0.1, confidence: 0.5 },
        { index: 0, expectedReturn: 0.2, confidence: 0.5 },
      ]),
    ).toThrow(/two views/);
  });
});
