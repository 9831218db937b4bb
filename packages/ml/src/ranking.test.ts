import { describe, expect, it } from 'vitest';
import { featuresOf, withTargets } from '../test/helpers.ts';
import { FEATURE_COLUMN } from './features.ts';
import { Rng } from './random.ts';
import { chooseChampion, neweyWestT, rankingMetrics } from './ranking.ts';

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

describe(chooseChampion.name, () => {
  it('takes the best edge-adjusted Rank IC among error-free candidates with enough days', () => {
    const c = (algorithmId: string, v: number | null, days = 200, error: string | null = null) => ({
      algorithmId,
      rankIcDiffVsBestFactor: v,
      rankIcDays: days,
      error,
    });
    expect(
      chooseChampion([c('a', 0.01), c('b', 0.03), c('c', 0.05, 50), c('d', 0.09, 200, 'boom'), c('e', null)]),
    ).toBe('b');
    expect(chooseChampion([c('a', NaN)])).toBeNull();
  });
});
