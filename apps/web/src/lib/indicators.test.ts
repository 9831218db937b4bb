import { describe, expect, it } from 'vitest';
import { rsi, sma } from './indicators';

describe('sma', () => {
  it('averages each full window and leaves the warm-up empty', () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
  });

  it('is the input itself for period 1 and all empty when the series is too short', () => {
    expect(sma([4, 5], 1)).toEqual([4, 5]);
    expect(sma([4, 5], 3)).toEqual([null, null]);
  });

  it('refuses a period that is not a positive integer', () => {
    expect(() => sma([1], 0)).toThrow(RangeError);
    expect(() => sma([1], 2.5)).toThrow(RangeError);
  });
});

describe('rsi', () => {
  it('matches the textbook Wilder example (RSI 14)', () => {
    // Closes of the classic example in Wilder's "New Concepts in Technical Trading Systems" as used by StockCharts.
    const closes = [
      44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28,
      46.0, 46.03, 46.41, 46.22, 45.64,
    ];
    const values = rsi(closes, 14);
    expect(values.slice(0, 14).every((v) => v === null)).toBe(true);
    expect(values[14]).toBeCloseTo(70.46, 1);
    expect(values[15]).toBeCloseTo(66.25, 1);
    expect(values[19]).toBeCloseTo(57.92, 0);
  });

  it('is 100 without losses, 0 without gains and 50 when flat', () => {
    expect(rsi([1, 2, 3, 4], 3)[3]).toBe(100);
    expect(rsi([4, 3, 2, 1], 3)[3]).toBe(0);
    expect(rsi([2, 2, 2, 2], 3)[3]).toBe(50);
  });

  it('stays between 0 and 100 and is empty for a short series', () => {
    const wave = Array.from({ length: 60 }, (_, i) => 100 + 10 * Math.sin(i / 3));
    for (const value of rsi(wave).filter((v) => v !== null)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
    expect(rsi([1, 2, 3], 14)).toEqual([null, null, null]);
  });
});
