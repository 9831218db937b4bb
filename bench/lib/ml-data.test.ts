import { describe, expect, it } from 'vitest';
import { backAdjust } from './ml-data.ts';

describe(backAdjust.name, () => {
  it('removes a listed jump and keeps every other daily return', () => {
    // A 2-for-1 split on day 3: the close halves although nothing traded at that price.
    const bars = {
      dates: ['d1', 'd2', 'd3', 'd4'],
      open: [100, 102, 51, 52],
      high: [101, 104, 52, 53],
      low: [99, 101, 50, 51],
      close: [100, 102, 51.5, 52],
      volume: [1_000, 1_000, 2_000, 2_000],
    };
    expect(backAdjust(bars, new Set(['d3']))).toBe(1);
    const factor = 51.5 / 102;
    expect(bars.close[1]).toBeCloseTo(51.5);
    expect(bars.close[0]! / bars.close[1]!).toBeCloseTo(100 / 102);
    expect(bars.close[2]! / bars.close[1]! - 1).toBeCloseTo(0);
    expect(bars.close[3]! / bars.close[2]!).toBeCloseTo(52 / 51.5);
    expect(bars.volume[0]).toBeCloseTo(1_000 / factor);
    expect(bars.high[0]).toBeCloseTo(101 * factor);
  });

  it('leaves a series without listed jumps alone', () => {
    const bars = {
      dates: ['a', 'b'],
      open: [1, 2],
      high: [1, 2],
      low: [1, 2],
      close: [1, 2],
      volume: [5, 5],
    };
    expect(backAdjust(bars, new Set(['z']))).toBe(0);
    expect(bars.close).toEqual([1, 2]);
  });
});
