import { describe, expect, it } from 'vitest';
import { bollinger, ema, macd, overWindow, rsi, sma } from './indicators';

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

describe('ema', () => {
  it('is seeded with the simple average and then smoothed by 2 / (period + 1)', () => {
    expect(ema([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    const values = ema([10, 10, 10, 20], 3);
    expect(values[3]).toBeCloseTo(15, 10);
  });

  it('skips leading empty values (another indicator still warming up)', () => {
    expect(ema([null, null, 2, 4, 6], 2)).toEqual([null, null, null, 3, 5]);
  });

  it('lags a straight line by (period − 1) / 2', () => {
    const line = Array.from({ length: 60 }, (_, i) => i);
    const values = ema(line, 9);
    for (let i = 8; i < 60; i++) expect(values[i]).toBeCloseTo(i - 4, 10);
  });
});

describe('macd', () => {
  it('is the 12/26 EMA gap, its 9 EMA signal and their difference', () => {
    // On a straight line the EMAs lag by 5.5 and 12.5: the MACD is 7 from the 26th value, the signal 7 nine later.
    const line = Array.from({ length: 60 }, (_, i) => 100 + i);
    const { macd: m, signal, histogram } = macd(line);
    expect(m.slice(0, 25).every((v) => v === null)).toBe(true);
    expect(m[25]).toBeCloseTo(7, 10);
    expect(signal[32]).toBeNull();
    expect(signal[33]).toBeCloseTo(7, 10);
    expect(histogram[59]).toBeCloseTo(0, 10);
  });
});

describe('bollinger', () => {
  it('is the SMA ± two population standard deviations of the window', () => {
    const { middle, upper, lower } = bollinger([1, 2, 3, 4, 5], 5, 2);
    expect(middle[4]).toBe(3);
    expect(upper[4]).toBeCloseTo(3 + 2 * Math.SQRT2, 10);
    expect(lower[4]).toBeCloseTo(3 - 2 * Math.SQRT2, 10);
    expect(upper[3]).toBeNull();
  });

  it('closes on a flat series', () => {
    const { upper, lower } = bollinger([7, 7, 7], 3);
    expect(upper[2]).toBe(7);
    expect(lower[2]).toBe(7);
  });
});

describe('overWindow (warm-up)', () => {
  const warmup = Array.from({ length: 60 }, (_, i) => 50 + Math.sin(i) * 5);
  const window = Array.from({ length: 22 }, (_, i) => 55 + Math.cos(i) * 4);

  it("starts a moving average at the window's first value when the warm-up is long enough", () => {
    const values = overWindow(warmup, window, (v) => sma(v, 50));
    expect(values).toHaveLength(window.length);
    expect(values.every((v) => v !== null)).toBe(true);
    // The first value is the average of the 49 warm-up values before it and the window's first.
    const expected = [...warmup.slice(-49), window[0]!].reduce((s, v) => s + v, 0) / 50;
    expect(values[0]).toBeCloseTo(expected, 10);
  });

  it('starts late without a warm-up, as the window alone allows', () => {
    const values = overWindow([], window, (v) => sma(v, 20));
    expect(values.slice(0, 19).every((v) => v === null)).toBe(true);
    expect(values[19]).not.toBeNull();
  });

  it('cuts every series of a multi-line indicator (MACD, RSI) to the window', () => {
    const result = overWindow(warmup, window, (v) => macd(v));
    expect(result.macd).toHaveLength(window.length);
    expect(result.signal[0]).not.toBeNull();
    expect(overWindow(warmup, window, (v) => rsi(v, 14))[0]).not.toBeNull();
    expect(overWindow(warmup.slice(-5), window, (v) => rsi(v, 14))[0]).toBeNull();
  });
});
