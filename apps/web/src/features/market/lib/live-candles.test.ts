import { describe, expect, it } from 'vitest';
import type { Candle } from '@bist/contracts';
import { istanbulDate, mergeLiveTick } from './live-candles';

const daily: Candle[] = [
  { time: '2026-11-19', open: 10, high: 11, low: 9, close: 10.5, volume: 100 },
  { time: '2026-11-20', open: 10.5, high: 11, low: 10, close: 10.8, volume: 50 },
];

describe('mergeLiveTick', () => {
  it("updates the day's candle with the live price, high, low and volume", () => {
    const out = mergeLiveTick(daily, '1d', {
      price: 11.4,
      high: 11.5,
      low: 9.9,
      volume: 80,
      time: '2026-11-20T12:00:00Z',
    });
    expect(out).toHaveLength(2);
    expect(out[1]).toEqual({ time: '2026-11-20', open: 10.5, high: 11.5, low: 9.9, close: 11.4, volume: 80 });
  });

  it('opens a new daily candle on a new day and ignores older days', () => {
    const out = mergeLiveTick(daily, '1d', {
      price: 12,
      high: 12.1,
      low: 11.9,
      volume: 5,
      time: '2026-11-23T07:10:00Z',
    });
    expect(out).toHaveLength(3);
    expect(out[2]?.time).toBe('2026-11-23');
    expect(
      mergeLiveTick(daily, '1d', { price: 1, high: 1, low: 1, volume: 1, time: '2026-11-10T10:00:00Z' }),
    ).toBe(daily);
  });

  it('uses the Istanbul date (UTC+3) for the day', () => {
    expect(istanbulDate('2026-11-20T22:30:00Z')).toBe('2026-11-21');
  });

  it('updates the last intraday bucket or starts the next one', () => {
    const bars: Candle[] = [
      { time: '2026-11-20T07:00:00.000Z', open: 10, high: 10.2, low: 9.9, close: 10.1, volume: 10 },
    ];
    const same = mergeLiveTick(bars, '5m', {
      price: 10.4,
      high: 11,
      low: 9,
      volume: 99,
      time: '2026-11-20T07:03:00Z',
    });
    expect(same).toEqual([{ ...bars[0], close: 10.4, high: 10.4 }]);
    const next = mergeLiveTick(bars, '5m', {
      price: 10.3,
      high: 11,
      low: 9,
      volume: 99,
      time: '2026-11-20T07:11:00Z',
    });
    expect(next).toHaveLength(2);
    expect(next[1]).toEqual({
      time: '2026-11-20T07:10:00.000Z',
      open: 10.3,
      high: 10.3,
      low: 10.3,
      close: 10.3,
      volume: 0,
    });
  });
});
