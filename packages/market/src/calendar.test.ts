import type { MarketStatus } from '@bist/contracts';
import { describe, expect, it } from 'vitest';
import {
  addTradingDays,
  continuousCloseOn,
  isContinuousTrading,
  isHalfDay,
  isTradingDay,
  istanbulDate,
  marketStatusAt,
  istanbulInstant,
  nextContinuousOpen,
  previousTradingDay,
  sessionPhaseAt,
  tradingDaysBetween,
} from './calendar.ts';
import { REAL_TRADING_DAYS } from './data/real-trading-days.ts';

const at = (iso: string) => new Date(iso);

describe('istanbulDate', () => {
  it('uses UTC+3: 21:00Z is already the next Istanbul day', () => {
    expect(istanbulDate(at('2026-07-09T20:59:59Z'))).toBe('2026-07-09');
    expect(istanbulDate(at('2026-07-09T21:00:00Z'))).toBe('2026-07-10');
  });
  it('is the same in winter (no daylight saving since 2016)', () => {
    expect(istanbulInstant('2026-01-15', 600).toISOString()).toBe('2026-01-15T07:00:00.000Z');
    expect(istanbulInstant('2026-07-15', 600).toISOString()).toBe('2026-07-15T07:00:00.000Z');
  });
});

describe('isTradingDay', () => {
  it('closes weekends and fixed-date holidays', () => {
    expect(isTradingDay('2026-07-11')).toBe(false); // Saturday
    expect(isTradingDay('2026-07-12')).toBe(false); // Sunday
    for (const d of ['2026-01-01', '2026-04-23', '2026-05-01', '2026-05-19', '2026-07-15', '2025-10-29']) {
      expect(isTradingDay(d), d).toBe(false);
    }
    expect(isTradingDay('2026-07-10')).toBe(true);
  });
  it('closes Ramazan and Kurban Bayramı and keeps their arife as half days', () => {
    expect(isTradingDay('2026-03-20')).toBe(false);
    expect(isHalfDay('2026-03-19')).toBe(true);
    for (const d of ['2026-05-27', '2026-05-28', '2026-05-29']) expect(isTradingDay(d), d).toBe(false);
    expect(isHalfDay('2026-05-26')).toBe(true);
    expect(isHalfDay('2025-10-28')).toBe(true);
    expect(isHalfDay('2026-07-10')).toBe(false);
  });
  it('rejects malformed dates', () => {
    expect(() => isTradingDay('2026-02-30')).toThrow(RangeError);
    expect(() => isTradingDay('10.07.2026')).toThrow(RangeError);
  });
  it('agrees with every day BIST really traded, 2020-01 → 2026-07, apart from extraordinary closures', () => {
    // Closures the calendar cannot know: the Feb 2023 earthquake suspension (2023-02-08 from 13:30 to 2023-02-14).
    // Plus 2020-03-11, a normal session that only 6 of the Yahoo files contain (a gap in the source, not a holiday).
    const extraordinaryClosures = new Set([
      '2023-02-09',
      '2023-02-10',
      '2023-02-13',
      '2023-02-14',
      '2020-03-11',
    ]);
    const real = new Set(REAL_TRADING_DAYS);
    const first = REAL_TRADING_DAYS[0]!;
    const last = REAL_TRADING_DAYS.at(-1)!;
    const notInCalendar = REAL_TRADING_DAYS.filter((d) => !isTradingDay(d));
    const missingInReality = tradingDaysBetween(first, last).filter(
      (d) => !real.has(d) && !extraordinaryClosures.has(d),
    );
    expect(notInCalendar).toEqual([]);
    expect(missingInReality).toEqual([]);
    expect(real.size).toBeGreaterThan(1200);
  });
});

describe('sessionPhaseAt', () => {
  it.each([
    ['2026-07-10T06:39:59Z', 'closed'],
    ['2026-07-10T06:40:00Z', 'opening_auction'],
    ['2026-07-10T06:55:00Z', 'opening_price'],
    ['2026-07-10T07:00:00Z', 'continuous'],
    ['2026-07-10T14:59:59Z', 'continuous'],
    ['2026-07-10T15:00:00Z', 'closing_margin'],
    ['2026-07-10T15:01:00Z', 'closing_auction'],
    ['2026-07-10T15:05:00Z', 'closing_trades'],
    ['2026-07-10T15:10:00Z', 'closed'],
    ['2026-07-11T10:00:00Z', 'closed'],
  ])('%s is %s', (iso, phase) => {
    expect(sessionPhaseAt(at(iso))).toBe(phase);
  });
  it('ends continuous trading at 12:30 on an arife half day, then a closing auction until 12:40', () => {
    expect(sessionPhaseAt(at('2026-05-26T09:29:00Z'))).toBe('continuous');
    expect(sessionPhaseAt(at('2026-05-26T09:30:00Z'))).toBe('closing_auction');
    expect(sessionPhaseAt(at('2026-05-26T09:40:00Z'))).toBe('closed');
    expect(isContinuousTrading(at('2026-05-26T12:00:00Z'))).toBe(false);
  });
});

describe('continuousCloseOn / nextContinuousOpen', () => {
  it('closes at 18:00, 12:30 on half days, and not at all on holidays', () => {
    expect(continuousCloseOn('2026-07-10')?.toISOString()).toBe('2026-07-10T15:00:00.000Z');
    expect(continuousCloseOn('2026-05-26')?.toISOString()).toBe('2026-05-26T09:30:00.000Z');
    expect(continuousCloseOn('2026-05-27')).toBeNull();
  });
  it('opens today before 10:00, otherwise on the next trading day, skipping the Kurban Bayramı week', () => {
    expect(nextContinuousOpen(at('2026-07-10T05:00:00Z')).toISOString()).toBe('2026-07-10T07:00:00.000Z');
    expect(nextContinuousOpen(at('2026-07-10T07:00:00Z')).toISOString()).toBe('2026-07-13T07:00:00.000Z');
    expect(nextContinuousOpen(at('2026-05-26T12:00:00Z')).toISOString()).toBe('2026-06-01T07:00:00.000Z');
  });
});

describe('trading-day arithmetic', () => {
  it('lists trading days inclusively', () => {
    expect(tradingDaysBetween('2026-05-22', '2026-06-01')).toEqual([
      '2026-05-22',
      '2026-05-25',
      '2026-05-26',
      '2026-06-01',
    ]);
    expect(tradingDaysBetween('2026-06-02', '2026-06-01')).toEqual([]);
  });
  it('steps over weekends and holidays in both directions', () => {
    expect(previousTradingDay('2026-06-01')).toBe('2026-05-26');
    expect(addTradingDays('2026-05-26', 1)).toBe('2026-06-01');
    expect(addTradingDays('2026-06-01', -2)).toBe('2026-05-25');
    expect(addTradingDays('2026-07-11', 0)).toBe('2026-07-11');
  });
});

describe('marketStatusAt', () => {
  it('reports an open market with its closing time and no next open', () => {
    // Typed as the contract's MarketStatus: tsc fails here if the two shapes drift apart.
    const status: MarketStatus = marketStatusAt(at('2026-07-10T12:00:00Z'));
    expect(status).toEqual({
      isOpen: true,
      phase: 'continuous',
      nextOpen: null,
      closesAt: '2026-07-10T15:00:00.000Z',
      serverTime: '2026-07-10T12:00:00.000Z',
      timeZone: 'Europe/Istanbul',
    });
  });
  it('reports a closed market over the weekend with Monday 10:00 as the next open', () => {
    expect(marketStatusAt(at('2026-07-11T12:00:00Z'))).toMatchObject({
      isOpen: false,
      phase: 'closed',
      nextOpen: '2026-07-13T07:00:00.000Z',
      closesAt: null,
    });
  });
  it('is not open during the opening auction, which opens at 10:00 the same day', () => {
    expect(marketStatusAt(at('2026-07-10T06:45:00Z'))).toMatchObject({
      isOpen: false,
      phase: 'opening_auction',
      nextOpen: '2026-07-10T07:00:00.000Z',
    });
  });
});
