import { describe, expect, it } from 'vitest';
import { simulatedCalibrationFigures } from './calibration.ts';
import { REAL_CALIBRATION } from './data/real-reference.ts';
import { isOnTick, priceBand } from './rules.ts';
import { createSimulator } from './simulator.ts';
import { STOCKS } from './universe.ts';

// Three full years of the whole universe with a fixed seed: the figures are deterministic, so these are not flaky.
const simulator = createSimulator({ seed: 2026, startDate: '2023-07-10', stocks: STOCKS });
const days = simulator.dailyBars('2026-07-10');
const simulated = simulatedCalibrationFigures(simulator, '2026-07-10');
const inRealRange = (value: number, real: { p10: number; p90: number }) =>
  value >= real.p10 && value <= real.p90;

describe('simulator calibration against real BIST data (3 years × 596 stocks)', () => {
  it('covers at least three years of trading days for every stock', () => {
    expect(days.length).toBeGreaterThanOrEqual(750);
    expect(simulated.stockCount).toBe(596);
  });

  it('has fat tails: median excess kurtosis above 0, inside the real p10–p90', () => {
    expect(simulated.excessKurtosis.median).toBeGreaterThan(0);
    expect(inRealRange(simulated.excessKurtosis.median, REAL_CALIBRATION.excessKurtosis)).toBe(true);
  });

  it('clusters volatility: positive lag-1 autocorrelation of squared returns, inside the real p10–p90', () => {
    expect(simulated.squaredReturnAutocorrelation.median).toBeGreaterThan(0);
    expect(
      inRealRange(
        simulated.squaredReturnAutocorrelation.median,
        REAL_CALIBRATION.squaredReturnAutocorrelation,
      ),
    ).toBe(true);
  });

  it('shows the small positive lag-1 autocorrelation of returns', () => {
    expect(simulated.returnAutocorrelation.median).toBeGreaterThan(0);
    expect(inRealRange(simulated.returnAutocorrelation.median, REAL_CALIBRATION.returnAutocorrelation)).toBe(
      true,
    );
  });

  it('co-moves like BIST: average pairwise correlation 0.15–0.40 (real 0.256)', () => {
    expect(simulated.averagePairwiseCorrelation).toBeGreaterThan(0.15);
    expect(simulated.averagePairwiseCorrelation).toBeLessThan(0.4);
  });

  it('has a median daily sd inside the real p10–p90 and a realistic XU100 sd', () => {
    expect(inRealRange(simulated.dailyLogReturnSd.median, REAL_CALIBRATION.dailyLogReturnSd)).toBe(true);
    expect(simulated.xu100DailyLogReturnSd).toBeGreaterThan(0.012);
    expect(simulated.xu100DailyLogReturnSd).toBeLessThan(0.025);
  });

  it('has realistic daily ranges and price levels', () => {
    expect(inRealRange(simulated.medianRangeFraction.median, REAL_CALIBRATION.medianRangeFraction)).toBe(
      true,
    );
    expect(simulated.lastCloseTry.median).toBeGreaterThan(15);
    expect(simulated.lastCloseTry.median).toBeLessThan(80);
  });

  it('closes at or near the limit about as often as real BIST stocks (real 3.1 %; 1.9–7.5 % by year)', () => {
    expect(REAL_CALIBRATION.limitMoveShare).toBeGreaterThan(0.02);
    expect(simulated.limitMoveShare).toBeGreaterThan(0.01);
    expect(simulated.limitMoveShare).toBeLessThan(0.06);
  });

  it('never closes outside the ±10 % band and keeps every price on a tick', () => {
    let previous = simulator.models.map((m) => m.anchorPriceTry);
    let offTick = 0;
    let outsideBand = 0;
    for (const day of days) {
      day.bars.forEach((bar, i) => {
        const { lowerTry, upperTry } = priceBand(previous[i]!);
        if (bar.closeTry < lowerTry || bar.closeTry > upperTry) outsideBand++;
        for (const p of [bar.openTry, bar.highTry, bar.lowTry, bar.closeTry]) if (!isOnTick(p)) offTick++;
      });
      previous = day.bars.map((b) => b.closeTry);
    }
    expect(outsideBand).toBe(0);
    expect(offTick).toBe(0);
  });
});
