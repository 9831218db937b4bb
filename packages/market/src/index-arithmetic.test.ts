import { describe, expect, it } from 'vitest';
import {
  indexBarsFromDays,
  indexDivisorForLevel,
  indexLevelFromPrices,
  indexLevels,
  rescaleIndexLevels,
  XU100_TARGET_LEVEL,
  type IndexCapDay,
} from './index-arithmetic.ts';
import { istanbulInstant } from './calendar.ts';
import { createSimulator } from './simulator.ts';
import { indexByCode, STOCKS } from './universe.ts';

const caps = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('indexLevels', () => {
  it('starts at the base level and moves with the total capitalisation', () => {
    const days: IndexCapDay[] = [
      { date: 'd1', members: ['A', 'B'], capsTry: caps({ A: 600, B: 400 }) },
      { date: 'd2', members: ['A', 'B'], capsTry: caps({ A: 660, B: 400 }) },
    ];
    const levels = indexLevels(days, 1000);
    expect(levels[0]!.level).toBe(1000);
    expect(levels[1]!.level).toBeCloseTo(1060, 10);
    expect(levels[1]!.divisor).toBe(levels[0]!.divisor);
  });

  it('adjusts the divisor at a membership change so the level does not jump', () => {
    const days: IndexCapDay[] = [
      { date: 'd1', members: ['A', 'B'], capsTry: caps({ A: 600, B: 400, C: 5000 }) },
      // C joins, nothing moves: the level must stay exactly where it was.
      { date: 'd2', members: ['A', 'B', 'C'], capsTry: caps({ A: 600, B: 400, C: 5000 }) },
      // Only C rises 10 %: the index rises by C's weight (5/6) × 10 %.
      { date: 'd3', members: ['A', 'B', 'C'], capsTry: caps({ A: 600, B: 400, C: 5500 }) },
    ];
    const levels = indexLevels(days, 1000);
    expect(levels[1]!.level).toBeCloseTo(1000, 10);
    expect(levels[1]!.divisor).toBeCloseTo(levels[0]!.divisor * 6, 10);
    expect(levels[2]!.level).toBeCloseTo(1000 * (1 + (5 / 6) * 0.1), 10);
  });

  it('refuses a member without a market cap', () => {
    expect(() => indexLevels([{ date: 'd1', members: ['A', 'X'], capsTry: caps({ A: 1 }) }], 100)).toThrow(
      /X/,
    );
  });
});

describe('divisor helpers', () => {
  it('chooses the divisor for a level and rescales a series to end on a target', () => {
    expect(indexDivisorForLevel(2_000_000, 100)).toBe(20_000);
    const levels = indexLevels(
      [
        { date: 'd1', members: ['A'], capsTry: caps({ A: 100 }) },
        { date: 'd2', members: ['A'], capsTry: caps({ A: 110 }) },
      ],
      50,
    );
    const rescaled = rescaleIndexLevels(levels, 14_321.2);
    expect(rescaled[1]!.level).toBeCloseTo(14_321.2, 8);
    expect(rescaled[1]!.level / rescaled[0]!.level).toBeCloseTo(1.1, 12);
    const pinnedFirst = rescaleIndexLevels(levels, 1000, 'd1');
    expect(pinnedFirst[0]!.level).toBeCloseTo(1000, 10);
    expect(pinnedFirst[1]!.level).toBeCloseTo(1100, 10);
  });

  it('keeps earlier levels fixed when pinned to a date and the series grows', () => {
    const sim = createSimulator({ seed: 6, startDate: '2026-06-01', stocks: STOCKS.slice(0, 40) });
    const members = STOCKS.slice(0, 40).map((s) => s.symbol);
    const short = indexBarsFromDays(sim.dailyBars('2026-07-10'), sim.models, members, {
      targetLevel: 5000,
      targetDate: '2026-07-10',
    });
    const long = indexBarsFromDays(sim.dailyBars('2026-08-14'), sim.models, members, {
      targetLevel: 5000,
      targetDate: '2026-07-10',
    });
    expect(long.slice(0, short.length).map((b) => b.closeLevel)).toEqual(short.map((b) => b.closeLevel));
    expect(short.at(-1)!.closeLevel).toBeCloseTo(5000, 8);
  });
});

describe('indexBarsFromDays', () => {
  const sim = createSimulator({ seed: 4, startDate: '2026-01-02', stocks: STOCKS });
  const days = sim.dailyBars('2026-07-10');
  const members = indexByCode('XU100')!.members;
  const bars = indexBarsFromDays(days, sim.models, members, { targetLevel: XU100_TARGET_LEVEL });

  it('pins XU100 to its real last close on the last simulated day', () => {
    expect(XU100_TARGET_LEVEL).toBe(14_321.2);
    expect(bars.at(-1)!.closeLevel).toBeCloseTo(14_321.2, 6);
    expect(bars).toHaveLength(days.length);
  });

  it('gives consistent OHLC, member volumes and a realistic capitalisation', () => {
    for (const bar of bars) {
      expect(bar.highLevel).toBeGreaterThanOrEqual(Math.max(bar.openLevel, bar.closeLevel));
      expect(bar.lowLevel).toBeLessThanOrEqual(Math.min(bar.openLevel, bar.closeLevel));
      expect(bar.volumeShares).toBeGreaterThan(0);
    }
    const last = days.at(-1)!;
    const memberSet = new Set(members);
    const expectedVolume = last.bars
      .filter((b) => memberSet.has(b.symbol))
      .reduce((s, b) => s + b.volumeShares, 0);
    expect(bars.at(-1)!.volumeShares).toBe(expectedVolume);
    // XU100 holds most of BIST's value: several trillion TRY.
    expect(bars.at(-1)!.marketCapTry).toBeGreaterThan(5e12);
    expect(bars.at(-1)!.marketCapTry).toBeLessThan(25e12);
  });

  it("reproduces the closing level from intraday prices at the close with the day's divisor", () => {
    const date = days.at(-1)!.date;
    const shares = new Map(sim.models.map((m) => [m.symbol, m.sharesOutstanding]));
    const atClose = istanbulInstant(date, 18 * 60 + 10);
    const level = indexLevelFromPrices(
      members,
      (s) => sim.intradayPath(s, date).priceAt(atClose),
      (s) => shares.get(s)!,
      bars.at(-1)!.divisor,
    );
    expect(level).toBeCloseTo(bars.at(-1)!.closeLevel, 6);
  });

  it('makes XU030 members the largest companies', () => {
    const xu030 = new Set(indexByCode('XU030')!.members);
    const capBySymbol = new Map(sim.models.map((m) => [m.symbol, m.sharesOutstanding * m.anchorPriceTry]));
    const top30 = [...capBySymbol].sort((a, b) => b[1] - a[1]).slice(0, 30);
    expect(top30.filter(([s]) => xu030.has(s)).length).toBeGreaterThanOrEqual(18);
    const total = [...capBySymbol.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(15e12);
    expect(total).toBeLessThan(20e12);
  });
});
