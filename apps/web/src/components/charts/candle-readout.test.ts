import { describe, expect, it } from 'vitest';
import type { Candle } from '@bist/contracts';
import { candleReadout } from './candlestick-chart';

const candle = (time: string, close: number): Candle => ({
  time,
  open: close - 1,
  high: close + 2,
  low: close - 3,
  close,
  volume: 1_000,
});

describe('candleReadout', () => {
  const candles = [candle('2026-11-18', 100), candle('2026-11-19', 102), candle('2026-11-20', 99.96)];

  it('gives the candle and its change from the previous close', () => {
    expect(candleReadout(candles, 1)).toEqual({ candle: candles[1], changePercent: 2 });
    expect(candleReadout(candles, 2)?.changePercent).toBeCloseTo(-2, 6);
  });

  it('has no change for the first candle and nothing outside the series', () => {
    expect(candleReadout(candles, 0)?.changePercent).toBeNull();
    expect(candleReadout(candles, 3)).toBeNull();
    expect(candleReadout([], 0)).toBeNull();
  });
});
