import { describe, expect, it } from 'vitest';
import { featuresOf, withTargets } from '../test/helpers.ts';
import { FEATURE_COLUMN } from './features.ts';
import { evaluationPeriods, latestFactorScores } from './periods.ts';
import { Rng } from './random.ts';
import type { WalkForwardRun } from './walk-forward.ts';

describe(evaluationPeriods.name, () => {
  // A falling market: every stock loses 1 % a day, low-volatility stocks lose less, plus noise. The planted model
  // ranks by −ATR as well and forecasts a fall for every stock.
  const base = featuresOf({ nSeries: 40, nDays: 320, seed: 5 });
  const rng = new Rng(3);
  const atr = (r: number) => base.x[r * base.cols + FEATURE_COLUMN.atr_14]!;
  const fs = withTargets(base, (r) => -0.01 - 0.004 * atr(r) + 0.004 * rng.normal());
  const from = fs.dayRowStart[200]!;
  const rows = Int32Array.from({ length: fs.rows - from }, (_, i) => from + i);
  const run = {
    algorithmId: 'planted',
    horizon: 1,
    rows,
    expectedReturn: Float64Array.from(rows, (r) => -0.02 - 0.001 * atr(r)),
  } as unknown as WalkForwardRun;
  const [selection, holdout] = evaluationPeriods(fs, run);

  it('splits the scored days in two consecutive halves, selection first', () => {
    expect(selection!.role).toBe('selection');
    expect(holdout!.role).toBe('holdout');
    expect(selection!.to < holdout!.from).toBe(true);
    expect(Math.abs(selection!.days - holdout!.days)).toBeLessThanOrEqual(2);
    expect(selection!.days + holdout!.days).toBeGreaterThan(100);
  });

  it('compares the holdout with the factor chosen on the selection window', () => {
    expect(selection!.bestFactorId).toBe('low_volatility');
    expect(holdout!.bestFactorId).toBe('low_volatility');
    // The model ranks exactly like the factor: no edge on either window.
    expect(holdout!.rankIcDiffVsBestFactor).toBeCloseTo(0, 9);
    expect(holdout!.rankIcMean!).toBeGreaterThan(0.3);
  });

  it('scores the relative side against the day median and the absolute direction beside always-down', () => {
    // Ranked right: most calls on the right side of the day's median.
    expect(holdout!.relativeHitPercent!).toBeGreaterThan(70);
    // Every forecast is a fall in a falling market: the absolute hit rate is always-down's, no more.
    expect(holdout!.hitPercent!).toBeCloseTo(holdout!.alwaysDownPercent!, 9);
    expect(holdout!.alwaysDownPercent!).toBeGreaterThan(90);
    // The realised relative return spreads around the predicted one.
    expect(holdout!.relativeResidualP10!).toBeLessThan(0);
    expect(holdout!.relativeResidualP90!).toBeGreaterThan(0);
  });

  it('is empty with too few scored days', () => {
    const short = { ...run, rows: rows.subarray(0, 80), expectedReturn: run.expectedReturn.subarray(0, 80) };
    expect(evaluationPeriods(fs, short as WalkForwardRun)).toEqual([]);
  });
});

describe(latestFactorScores.name, () => {
  it("equals the feature set's factor column on the last day, times the factor's sign", () => {
    const fs = featuresOf({ nSeries: 12, nDays: 300, seed: 8 });
    const lastDay = fs.rowDay[fs.rows - 1]!;
    for (const [id, column, sign] of [
      ['low_volatility', 'atr_14', -1],
      ['yesterday_return', 'ret_lag1', 1],
      ['momentum_12_1', 'mom_12_1', 1],
    ] as const) {
      const scores = latestFactorScores(fs.panel, id);
      expect(scores.length).toBeGreaterThan(0);
      for (const s of scores) {
        const row = fs.rowOf[s.seriesIndex * (fs.dayRowStart.length - 1) + lastDay]!;
        expect(row).toBeGreaterThanOrEqual(0);
        expect(s.score).toBeCloseTo(sign * fs.raw[row * fs.cols + FEATURE_COLUMN[column]]!, 12);
        expect(s.close).toBe(fs.close[row]);
      }
    }
    expect(latestFactorScores(fs.panel, 'nope')).toEqual([]);
  });
});
