import { describe, expect, it } from 'vitest';
import {
  averagePairwiseCorrelation,
  seriesAutocorrelation,
  seriesBeta,
  seriesCorrelation,
  seriesExcessKurtosis,
  seriesMedian,
  seriesQuantile,
  seriesSd,
  seriesSummary,
} from './stats.ts';

describe('stats', () => {
  it('computes the sample sd with n − 1', () => {
    expect(seriesSd([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(seriesSd([1])).toBeNaN();
  });

  it('gives −1.2 excess kurtosis for a uniform grid and a large positive value for a spike', () => {
    const uniform = Array.from({ length: 10_001 }, (_, i) => i / 10_000);
    expect(seriesExcessKurtosis(uniform)).toBeCloseTo(-1.2, 3);
    const spiky = [...Array.from({ length: 99 }, () => 0), 10];
    expect(seriesExcessKurtosis(spiky)).toBeGreaterThan(90);
  });

  it('finds positive autocorrelation in a trend-like series and negative in an alternating one', () => {
    expect(seriesAutocorrelation([1, 1, 1, 1, -1, -1, -1, -1, 1, 1, 1, 1])).toBeGreaterThan(0.3);
    expect(seriesAutocorrelation([1, -1, 1, -1, 1, -1, 1, -1])).toBeLessThan(-0.8);
  });

  it('measures correlation, beta and the mean pairwise correlation', () => {
    const x = [1, 2, 3, 4, 5];
    expect(seriesCorrelation(x, [2, 4, 6, 8, 10])).toBeCloseTo(1, 12);
    expect(seriesCorrelation(x, [5, 4, 3, 2, 1])).toBeCloseTo(-1, 12);
    expect(seriesBeta([3, 6, 9, 12, 15], x)).toBeCloseTo(3, 12);
    expect(averagePairwiseCorrelation([x, [2, 4, 6, 8, 10], [5, 4, 3, 2, 1]])).toBeCloseTo(-1 / 3, 12);
  });

  it('interpolates quantiles like numpy and ignores non-finite values', () => {
    expect(seriesQuantile([1, 2, 3, 4], 0.1)).toBeCloseTo(1.3, 12);
    expect(seriesMedian([5, Number.NaN, 1, 3])).toBe(3);
    expect(seriesSummary([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])).toEqual({ median: 6, p10: 2, p90: 10 });
  });
});
