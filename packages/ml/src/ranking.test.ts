import { describe, expect, it } from 'vitest';
import { featuresOf, withTargets } from '../test/helpers.ts';
import { FEATURE_COLUMN } from './features.ts';
import { Rng } from './random.ts';
import {
  CHAMPION_MIN_T,
  chooseProduction,
  neweyWestT,
  productionCandidateOf,
  rankingMetrics,
} from './ranking.ts';

describe(neweyWestT.name, () => {
  it('is the ordinary t without lags and shrinks when the series is autocorrelated', () => {
    const v = [1, 2, 3, 4, 5, 6];
    const mean = 3.5;
    const sd = Math.sqrt(v.reduce((s, x) => s + (x - mean) ** 2, 0) / v.length);
    expect(neweyWestT(v, 0)).toBeCloseTo(mean / (sd / Math.sqrt(6)), 12);
    expect(neweyWestT(v, 2)).toBeLessThan(neweyWestT(v, 0));
  });
});

describe(rankingMetrics.name, () => {
  it('scores the factor ladder on the same rows and the paired difference to the best factor', () => {
    const base = featuresOf({ nSeries: 40, nDays: 320, seed: 9 });
    const rng = new Rng(1);
    // Returns follow −ATR (low volatility) plus noise: that factor is the best, and a model equal to it has 0 difference.
    const fs = withTargets(
      base,
      (r) => -0.01 * base.x[r * base.cols + FEATURE_COLUMN.atr_14]! + 0.01 * rng.normal(),
    );
    const rows = Int32Array.from(
      { length: fs.rows - fs.dayRowStart[200]! },
      (_, i) => fs.dayRowStart[200]! + i,
    );
    const model = Float64Array.from(rows, (r) => -fs.raw[r * fs.cols + FEATURE_COLUMN.atr_14]!);
    const m = rankingMetrics(fs, 1, rows, model);
    expect(m.bestFactorId).toBe('low_volatility');
    expect(m.rankIcDiffVsBestFactor).toBeCloseTo(0, 12);
    expect(m.factors.find((f) => f.id === 'low_volatility')!.rankIcNwT).toBeGreaterThan(3);
    const noise = Float64Array.from(rows, () => rng.normal());
    expect(rankingMetrics(fs, 1, rows, noise).rankIcDiffNwT).toBeLessThan(-3);
  });
});

describe('rankingMetrics factor ladder reuse', () => {
  it('gives the same factor figures from the per-feature-set cache, and masks factors where a prediction is missing', () => {
    const fs = featuresOf({ nSeries: 30, nDays: 300, seed: 5 });
    const rows = Int32Array.from(
      { length: fs.rows - fs.dayRowStart[200]! },
      (_, i) => fs.dayRowStart[200]! + i,
    );
    const rng = new Rng(3);
    const a = Float64Array.from(rows, () => rng.normal());
    const b = Float64Array.from(rows, () => rng.normal());
    const first = rankingMetrics(fs, 1, rows, a).factors;
    // Second model on the same rows (served from the cache) against a fresh, equal feature set (computed).
    const cached = rankingMetrics(fs, 1, rows, b).factors;
    const fresh = rankingMetrics(featuresOf({ nSeries: 30, nDays: 300, seed: 5 }), 1, rows, b).factors;
    expect(cached).toEqual(first);
    expect(cached).toEqual(fresh);
    // Half the predictions missing: the factors are scored on the other half only, so their figures change.
    const holed = Float64Array.from(b, (v, i) => (i % 2 === 0 ? NaN : v));
    const masked = rankingMetrics(fs, 1, rows, holed).factors;
    expect(masked[0]!.rankIc.mean).not.toBe(first[0]!.rankIc.mean);
    expect(rankingMetrics(fs, 1, rows, b).factors).toEqual(first);
  });
});

describe(chooseProduction.name, () => {
  // Planted selection-window evaluations: edge over the best factor, its Newey–West t, days, the factor, an error.
  const c = (
    algorithmId: string,
    diff: number | null,
    t: number | null,
    days = 125,
    error: string | null = null,
    factor: string | null = 'low_volatility',
  ) => ({
    algorithmId,
    rankIcDiffVsBestFactor: diff,
    rankIcDiffNwT: t,
    rankIcDays: days,
    error,
    bestFactorId: factor,
  });

  it('serves the best edge among the models that clear the t bar', () => {
    expect(CHAMPION_MIN_T).toBe(2);
    // 'b' has the larger edge but t 1.9: under the bar. 'a' clears it.
    expect(chooseProduction([c('a', 0.01, 2.4), c('b', 0.03, 1.9), c('c', 0.02, 2.0)])).toEqual({
      kind: 'model',
      algorithmId: 'c',
    });
    expect(chooseProduction([c('a', 0.01, 2.4), c('b', 0.03, 1.9)])).toEqual({
      kind: 'model',
      algorithmId: 'a',
    });
  });

  it("serves the factor's ranking when no model beats it with confidence", () => {
    // A large t on a negative edge (the model is reliably worse), t under the bar, too few days, an error: none served.
    const planted = [
      c('neg', -0.02, -3),
      c('weak', 0.02, 1.2),
      c('short', 0.05, 4, 60),
      c('broken', 0.05, 4, 200, 'final fit: boom'),
      c('unknown', null, null),
    ];
    expect(chooseProduction(planted)).toEqual({ kind: 'factor', factorId: 'low_volatility' });
    // The factor the candidates' window found best (most of them; they score the same rows).
    expect(
      chooseProduction([
        c('x', 0.01, 1, 125, null, 'momentum_12_1'),
        c('y', 0.01, 1, 125, null, 'momentum_12_1'),
        c('z', 0.01, 1),
      ]),
    ).toEqual({ kind: 'factor', factorId: 'momentum_12_1' });
  });

  it('is null without any candidate that has a factor to compare with', () => {
    expect(chooseProduction([])).toBeNull();
    expect(chooseProduction([c('a', 0.01, 1, 125, null, null)])).toBeNull();
  });
});

describe(productionCandidateOf.name, () => {
  const period = (role: 'selection' | 'holdout', diff: number, t: number) => ({
    role,
    from: '2026-01-01',
    to: '2026-06-30',
    days: 120,
    rankIcMean: 0.05,
    bestFactorId: role === 'selection' ? 'momentum_12_1' : 'low_volatility',
    bestFactorRankIcMean: 0.03,
    rankIcDiffVsBestFactor: diff,
    rankIcDiffNwT: t,
    relativeHitPercent: 51,
    relativeScored: 1000,
    hitPercent: 50,
    alwaysUpPercent: 50,
    alwaysDownPercent: 50,
    scored: 1000,
    relativeResidualP10: -0.02,
    relativeResidualP90: 0.02,
  });
  const record = (periods?: ReturnType<typeof period>[]) =>
    ({
      rankIcDiffVsBestFactor: 0.01,
      rankIcDiffNwT: 1.1,
      bestFactorId: 'low_volatility',
      rankIc: { mean: 0.05, sd: 0.1, icir: 0.5, days: 240 },
      ...(periods ? { periods } : {}),
    }) as unknown as Parameters<typeof productionCandidateOf>[1];

  it('reads the selection window, not the holdout or the whole window', () => {
    const c = productionCandidateOf(
      'lda',
      record([period('selection', 0.04, 2.5), period('holdout', -0.01, -0.3)]),
    );
    expect(c).toEqual({
      algorithmId: 'lda',
      rankIcDiffVsBestFactor: 0.04,
      rankIcDiffNwT: 2.5,
      bestFactorId: 'momentum_12_1',
      rankIcDays: 120,
      error: null,
    });
    expect(chooseProduction([c])).toEqual({ kind: 'model', algorithmId: 'lda' });
  });

  it('falls back to the whole window of a record stored before the split; a missing record is an error', () => {
    expect(productionCandidateOf('ridge', record())).toMatchObject({ rankIcDiffNwT: 1.1, rankIcDays: 240 });
    expect(productionCandidateOf('ridge', null).error).toBe('not evaluated');
    expect(productionCandidateOf('ridge', record(), 'boom').error).toBe('boom');
  });
});
