import { describe, expect, it } from 'vitest';
import { istanbulInstant, tradingDaysBetween } from './calendar.ts';
import { isOnTick, priceBand } from './rules.ts';
import { createSimulator } from './simulator.ts';
import { STOCKS, stockBySymbol } from './universe.ts';

const sample = ['THYAO', 'GARAN', 'ASELS', 'GSRAY', 'EGEEN', 'SASA', 'A1CAP', 'ADEL'].map((s) =>
  stockBySymbol(s)!,
);

describe('createSimulator', () => {
  it('gives the same bars for the same seed and different bars for another seed', () => {
    const a = createSimulator({ seed: 7, startDate: '2026-01-02', stocks: sample }).dailyBars('2026-03-31');
    const b = createSimulator({ seed: 7, startDate: '2026-01-02', stocks: sample }).dailyBars('2026-03-31');
    const c = createSimulator({ seed: 8, startDate: '2026-01-02', stocks: sample }).dailyBars('2026-03-31');
    expect(a).toEqual(b);
    expect(a.at(-1)!.bars.map((x) => x.closeTry)).not.toEqual(c.at(-1)!.bars.map((x) => x.closeTry));
  });

  it('reproduces earlier bars exactly when the range is extended later (catch-up after downtime)', () => {
    const oneGo = createSimulator({ seed: 3, startDate: '2025-06-02', stocks: sample }).dailyBars(
      '2026-07-10',
    );
    const stepwise = createSimulator({ seed: 3, startDate: '2025-06-02', stocks: sample });
    stepwise.dailyBars('2025-09-01');
    stepwise.dailyBars('2026-01-15');
    expect(stepwise.dailyBars('2026-07-10')).toEqual(oneGo);
  });

  it("does not change a stock's bars when other stocks join the universe", () => {
    const alone = createSimulator({ seed: 5, startDate: '2026-01-02', stocks: [stockBySymbol('THYAO')!] });
    const together = createSimulator({ seed: 5, startDate: '2026-01-02', stocks: sample });
    expect(together.barsOf('THYAO', '2026-02-27')).toEqual(alone.barsOf('THYAO', '2026-02-27'));
  });

  it('produces one bar per stock for every trading day from startDate through untilDate', () => {
    const days = createSimulator({ seed: 1, startDate: '2026-05-20', stocks: sample }).dailyBars(
      '2026-06-05',
    );
    expect(days.map((d) => d.date)).toEqual(tradingDaysBetween('2026-05-20', '2026-06-05'));
    for (const day of days) expect(day.bars.map((b) => b.symbol)).toEqual(sample.map((s) => s.symbol));
  });

  it('keeps closes in the ±10 % band, every price on a tick, and OHLC consistent', () => {
    const sim = createSimulator({ seed: 11, startDate: '2025-01-02', stocks: STOCKS.slice(0, 120) });
    const days = sim.dailyBars('2026-07-10');
    let previous = new Map(sim.models.map((m) => [m.symbol, m.anchorPriceTry]));
    for (const day of days) {
      for (const bar of day.bars) {
        const band = priceBand(previous.get(bar.symbol)!);
        for (const price of [bar.openTry, bar.highTry, bar.lowTry, bar.closeTry]) {
          expect(isOnTick(price), `${bar.symbol} ${day.date} ${price}`).toBe(true);
          expect(price).toBeGreaterThanOrEqual(band.lowerTry);
          expect(price).toBeLessThanOrEqual(band.upperTry);
        }
        expect(bar.highTry).toBeGreaterThanOrEqual(Math.max(bar.openTry, bar.closeTry));
        expect(bar.lowTry).toBeLessThanOrEqual(Math.min(bar.openTry, bar.closeTry));
        expect(Number.isInteger(bar.volumeShares) && bar.volumeShares > 0).toBe(true);
      }
      previous = new Map(day.bars.map((b) => [b.symbol, b.closeTry]));
    }
  });

  it('anchors real stocks to their real last close and sd, and keeps them near that level', () => {
    const sim = createSimulator({ seed: 2, startDate: '2025-07-01', stocks: sample });
    const thyao = sim.modelOf('THYAO')!;
    expect(thyao.anchoredToReal).toBe(true);
    expect(thyao.anchorPriceTry).toBe(344.5);
    expect(thyao.dailyLogReturnSd).toBeCloseTo(0.0255, 3);
    expect(sim.modelOf('A1CAP')!.anchoredToReal).toBe(false);
    const lastClose = sim.barOn('THYAO', '2026-07-10')!.closeTry;
    expect(lastClose).toBeGreaterThan(344.5 / 3);
    expect(lastClose).toBeLessThan(344.5 * 3);
  });

  it('returns no bar for closed days and throws for unknown symbols', () => {
    const sim = createSimulator({ seed: 1, startDate: '2026-05-20', stocks: sample });
    expect(sim.barOn('THYAO', '2026-05-27')).toBeUndefined();
    expect(sim.barOn('THYAO', '2026-05-19')).toBeUndefined();
    expect(() => sim.barsOf('NOPE', '2026-06-01')).toThrow(RangeError);
  });

  it('gives the previous close as the base of each day and the anchor before the first day', () => {
    const sim = createSimulator({ seed: 1, startDate: '2026-05-20', stocks: sample });
    expect(sim.previousCloseTry('GARAN', '2026-05-20')).toBe(sim.modelOf('GARAN')!.anchorPriceTry);
    expect(sim.previousCloseTry('GARAN', '2026-06-01')).toBe(sim.barOn('GARAN', '2026-05-26')!.closeTry);
  });
});

describe('intradayPath', () => {
  const sim = createSimulator({ seed: 9, startDate: '2026-06-01', stocks: sample });
  const date = '2026-07-09';

  it("matches the day's bar: opens at the open, closes at the close, touches high and low, stays on ticks", () => {
    for (const { symbol } of sample) {
      const bar = sim.barOn(symbol, date)!;
      const path = sim.intradayPath(symbol, date);
      const prices = path.minutePricesTry;
      expect(prices).toHaveLength(481);
      expect(prices[0]).toBe(bar.openTry);
      expect(prices.at(-1)).toBe(bar.closeTry);
      expect(Math.max(...prices)).toBe(bar.highTry);
      expect(Math.min(...prices)).toBe(bar.lowTry);
      for (const p of prices) expect(isOnTick(p)).toBe(true);
    }
  });

  it('is the same after a restart (a fresh simulator) and samples by instant', () => {
    const restarted = createSimulator({ seed: 9, startDate: '2026-06-01', stocks: sample });
    const at = istanbulInstant(date, 14 * 60 + 37.5);
    expect(restarted.intradayPath('THYAO', date).priceAt(at)).toBe(
      sim.intradayPath('THYAO', date).priceAt(at),
    );
    const path = sim.intradayPath('THYAO', date);
    expect(path.priceAt(istanbulInstant(date, 9 * 60 + 30))).toBe(sim.previousCloseTry('THYAO', date));
    expect(path.priceAt(istanbulInstant(date, 18 * 60 + 6))).toBe(path.bar.closeTry);
    expect(path.priceAt(istanbulInstant(date, 10 * 60))).toBe(path.bar.openTry);
  });

  it('accumulates volume through the session up to the daily volume, with running high and low', () => {
    const path = sim.intradayPath('GARAN', date);
    const volumes = path.minuteCumulativeVolumeShares;
    for (let k = 1; k < volumes.length; k++) expect(volumes[k]!).toBeGreaterThanOrEqual(volumes[k - 1]!);
    expect(volumes.at(-1)).toBe(path.bar.volumeShares);
    const noon = path.snapshotAt(istanbulInstant(date, 12 * 60));
    expect(noon.volumeShares).toBeGreaterThan(0);
    expect(noon.volumeShares).toBeLessThan(path.bar.volumeShares);
    expect(noon.highTry).toBeLessThanOrEqual(path.bar.highTry);
    expect(noon.lowTry).toBeGreaterThanOrEqual(path.bar.lowTry);
    expect(path.snapshotAt(istanbulInstant(date, 9 * 60)).volumeShares).toBe(0);
  });

  it('quotes the previous close before the open, the path during the session and the last session on holidays', () => {
    const bar = sim.barOn('ASELS', date)!;
    const previousClose = sim.previousCloseTry('ASELS', date);
    expect(sim.quoteAt('ASELS', istanbulInstant(date, 9 * 60 + 45))).toMatchObject({
      sessionDate: date,
      priceTry: previousClose,
      volumeShares: 0,
    });
    const midday = istanbulInstant(date, 13 * 60);
    expect(sim.quoteAt('ASELS', midday).priceTry).toBe(sim.intradayPath('ASELS', date).priceAt(midday));
    // Saturday 2026-07-11: the Friday session's final state.
    expect(sim.quoteAt('ASELS', istanbulInstant('2026-07-11', 12 * 60))).toMatchObject({
      sessionDate: '2026-07-10',
      priceTry: sim.barOn('ASELS', '2026-07-10')!.closeTry,
      volumeShares: sim.barOn('ASELS', '2026-07-10')!.volumeShares,
    });
    expect(sim.quoteAt('ASELS', istanbulInstant(date, 19 * 60))).toMatchObject({
      priceTry: bar.closeTry,
      highTry: bar.highTry,
      lowTry: bar.lowTry,
    });
    expect(sim.quoteAt('ASELS', istanbulInstant('2026-05-01', 12 * 60)).sessionDate).toBeUndefined();
  });

  it('ends continuous trading at 12:30 on a half day', () => {
    const halfDaySim = createSimulator({ seed: 9, startDate: '2026-05-20', stocks: sample });
    expect(halfDaySim.intradayPath('THYAO', '2026-05-26').minutePricesTry).toHaveLength(151);
    expect(() => halfDaySim.intradayPath('THYAO', '2026-05-27')).toThrow(RangeError);
  });
});
