import { describe, expect, it } from 'vitest';
import { clampToBand, isOnTick, LOT_SIZE_SHARES, priceBand, roundToTick, tickSizeTry } from './rules.ts';

describe('tickSizeTry', () => {
  it.each([
    [0.5, 0.01],
    [19.99, 0.01],
    [20, 0.02],
    [49.98, 0.02],
    [50, 0.05],
    [99.95, 0.05],
    [100, 0.1],
    [249.9, 0.1],
    [250, 0.25],
    [499.75, 0.25],
    [500, 0.5],
    [999.5, 0.5],
    [1000, 1],
    [2499, 1],
    [2500, 2.5],
    [5650, 2.5],
  ])('price %d TRY has tick %d', (price, tick) => {
    expect(tickSizeTry(price)).toBe(tick);
  });
});

describe('roundToTick', () => {
  it('leaves no floating-point junk', () => {
    expect(roundToTick(12.299999999)).toBe(12.3);
    expect(roundToTick(0.1 + 0.2)).toBe(0.3);
    expect(String(roundToTick(12.3))).toBe('12.3');
  });
  it('rounds down, up and to nearest on the tier grid', () => {
    expect(roundToTick(33.33, 'down')).toBe(33.32);
    expect(roundToTick(33.33, 'up')).toBe(33.34);
    expect(roundToTick(77.77, 'nearest')).toBe(77.75);
    expect(roundToTick(344.6, 'nearest')).toBe(344.5);
    expect(roundToTick(2512, 'down')).toBe(2510);
  });
  it('crosses a tier boundary onto a valid tick', () => {
    expect(roundToTick(19.999, 'nearest')).toBe(20);
    expect(roundToTick(49.99, 'up')).toBe(50);
    expect(isOnTick(roundToTick(49.99, 'up'))).toBe(true);
  });
  it('never returns less than one tick', () => {
    expect(roundToTick(0.001, 'down')).toBe(0.01);
  });
});

describe('isOnTick', () => {
  it('accepts grid prices and rejects off-grid ones', () => {
    expect(isOnTick(20.02)).toBe(true);
    expect(isOnTick(20.01)).toBe(false);
    expect(isOnTick(344.5)).toBe(true);
    expect(isOnTick(344.6)).toBe(false);
    expect(isOnTick(0)).toBe(false);
  });
});

describe('priceBand', () => {
  it('rounds the ±10 % band inward to ticks', () => {
    expect(priceBand(10)).toEqual({ lowerTry: 9, upperTry: 11 });
    // 33.33 × 1.1 = 36.663 → down to 36.66; 33.33 × 0.9 = 29.997 → up to 29.998 is off-grid, so 30.00
    expect(priceBand(33.33)).toEqual({ lowerTry: 30, upperTry: 36.66 });
    const band = priceBand(344.5);
    expect(band.upperTry).toBe(378.75);
    expect(band.lowerTry).toBe(310.25);
    expect(band.upperTry).toBeLessThanOrEqual(344.5 * 1.1);
    expect(band.lowerTry).toBeGreaterThanOrEqual(344.5 * 0.9);
  });
  it('honours a custom band fraction', () => {
    expect(priceBand(100, 0.2)).toEqual({ lowerTry: 80, upperTry: 120 });
  });
  it('rejects a non-positive base price', () => {
    expect(() => priceBand(0)).toThrow(RangeError);
  });
});

describe('clampToBand', () => {
  it('clamps outside prices to the band edges and rounds inside prices to a tick', () => {
    expect(clampToBand(12, 10)).toBe(11);
    expect(clampToBand(5, 10)).toBe(9);
    expect(clampToBand(10.234, 10)).toBe(10.23);
  });
});

describe('LOT_SIZE_SHARES', () => {
  it('is one share per lot', () => {
    expect(LOT_SIZE_SHARES).toBe(1);
  });
});
