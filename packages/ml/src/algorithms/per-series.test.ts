import { describe, expect, it } from 'vitest';
import { trainingDataAt } from '../algorithm.ts';
import { buildFeatures } from '../features.ts';
import { syntheticPanel } from '../synthetic.ts';
import { perSeriesAlgorithm } from './per-series.ts';

describe('perSeriesAlgorithm', () => {
  it('fits each stock once per cutoff and shares the parameters between horizons', () => {
    const fs = buildFeatures(syntheticPanel({ nSeries: 4, nDays: 200, seed: 5, continuation: 0 }));
    let calls = 0;
    const drift = perSeriesAlgorithm({
      id: 'test-drift',
      name: 'Test drift',
      type: 'Drift',
      category: 'time_series',
      description: 'mean log return',
      minBars: 60,
      fitSeries: (y) => {
        calls++;
        return [(y[y.length - 1]! - y[0]!) / (y.length - 1)];
      },
      forecast: (p, _y, positions, h) => Float64Array.from(positions, () => p[0]! * h),
    });
    const lastDay = fs.rowDay[fs.rows - 1]!;
    const h1 = drift.fit(trainingDataAt(fs, 1, lastDay - 10));
    expect(calls).toBe(4);
    const h5 = drift.fit(trainingDataAt(fs, 5, lastDay - 10));
    expect(calls).toBe(4);
    expect(h5.state).toEqual(h1.state);
    // Another cutoff sees more bars: a new fit.
    drift.fit(trainingDataAt(fs, 1, lastDay));
    expect(calls).toBe(8);
    // A new panel never reuses another panel's parameters.
    const other = buildFeatures(syntheticPanel({ nSeries: 4, nDays: 200, seed: 6, continuation: 0 }));
    const fresh = drift.fit(trainingDataAt(other, 1, lastDay - 10));
    expect(calls).toBe(12);
    expect(fresh.state).not.toEqual(h1.state);
  });
});
