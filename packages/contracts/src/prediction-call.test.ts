import { describe, expect, it } from 'vitest';
import {
  callModeOf,
  measuredLevelOf,
  medianOf,
  predictionCallOf,
  RELIABILITY_MIN_BIN_ROWS,
} from './prediction-call.values.ts';

describe(predictionCallOf.name, () => {
  it("in a planted falling market, a relative model's calls are the sides of the day's median, never rises", () => {
    // Every stock is forecast to fall (the market fell): a relative model still ranks them.
    const batch = [-0.031, -0.024, -0.02, -0.012, -0.009, -0.004];
    const median = medianOf(batch);
    expect(median).toBeCloseTo(-0.016, 12);
    const calls = batch.map((r) => predictionCallOf(r, median, 'relative'));
    expect(calls).toEqual([
      'underperform',
      'underperform',
      'underperform',
      'outperform',
      'outperform',
      'outperform',
    ]);
    expect(calls).not.toContain('up');
    expect(calls).not.toContain('down');
  });

  it('gives an absolute direction only in absolute mode, and the median is neutral', () => {
    expect(predictionCallOf(-0.004, -0.016, 'absolute')).toBe('down');
    expect(predictionCallOf(0.004, -0.016, 'absolute')).toBe('up');
    expect(predictionCallOf(0, 0.01, 'absolute')).toBe('neutral');
    expect(predictionCallOf(-0.016, -0.016, 'relative')).toBe('neutral');
    // Without a batch median (NaN) the forecast is read against zero.
    expect(predictionCallOf(0.01, NaN, 'relative')).toBe('outperform');
  });
});

describe(callModeOf.name, () => {
  const beats = { hitPercent: 56, alwaysUpPercent: 48, alwaysDownPercent: 52 };
  it('is absolute only for an absolute-target model that beat always-up and always-down with its interval above 0', () => {
    expect(callModeOf('absolute', beats, 0.4)).toBe('absolute');
    // A relative model never speaks of rises, however good.
    expect(callModeOf('relative', beats, 0.4)).toBe('relative');
    // Below always-down (the LDA case: calls 'down' in a falling market, 2.5 points under the market direction).
    expect(
      callModeOf('absolute', { hitPercent: 49.5, alwaysUpPercent: 48, alwaysDownPercent: 52 }, 0.4),
    ).toBe('relative');
    // Above both, but the edge's interval contains 0.
    expect(callModeOf('absolute', beats, -0.2)).toBe('relative');
    expect(callModeOf('absolute', null, 1)).toBe('relative');
    expect(callModeOf(null, beats, 1)).toBe('relative');
  });
});

describe(measuredLevelOf.name, () => {
  const bins = [
    { lowPercent: 0, highPercent: 44, count: 1200, realisedPercent: 41.5, realisedSePoints: 1.2 },
    { lowPercent: 44, highPercent: 56, count: 9000, realisedPercent: 50.3, realisedSePoints: 0.6 },
    { lowPercent: 56, highPercent: 60, count: 1500, realisedPercent: 57.1, realisedSePoints: 1.4 },
    {
      lowPercent: 60,
      highPercent: 100.00001,
      count: RELIABILITY_MIN_BIN_ROWS - 1,
      realisedPercent: 70,
      realisedSePoints: 4,
    },
  ];
  it("reads the bin of the call's probability, turned to its side", () => {
    expect(measuredLevelOf('outperform', 57, bins)).toEqual({
      lowPercent: 56,
      highPercent: 60,
      realisedPercent: 57.1,
      sePoints: 1.4,
      count: 1500,
    });
    // An 'underperform' call at 58 % is P(above) 42 %: the 0–44 % bin, of whose calls 58.5 % ended below.
    expect(measuredLevelOf('underperform', 58, bins)).toMatchObject({
      lowPercent: 56,
      highPercent: 100,
      realisedPercent: 58.5,
    });
  });
  it('has no level for a thin bin, an absolute call or without a table', () => {
    expect(measuredLevelOf('outperform', 65, bins)).toBeNull();
    expect(measuredLevelOf('up', 57, bins)).toBeNull();
    expect(measuredLevelOf('outperform', 57, null)).toBeNull();
  });
});
