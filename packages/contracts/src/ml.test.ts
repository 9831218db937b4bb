import { describe, expect, it } from 'vitest';
import { directionalHit, LIQUIDITY_FLOOR, marketDirectionBaseline, passesLiquidityFloor } from './ml.ts';

describe(directionalHit.name, () => {
  it('scores agreeing signs, excludes a zero return and a zero call', () => {
    expect(directionalHit(0.01, 0.02)).toBe(true);
    expect(directionalHit(-0.01, 0.02)).toBe(false);
    expect(directionalHit(-0.01, 0)).toBeNull();
    expect(directionalHit(0, 0.02)).toBeNull();
    expect(directionalHit(NaN, 0.02)).toBeNull();
  });
});

describe(marketDirectionBaseline.name, () => {
  it('is the better of always-up and always-down', () => {
    expect(marketDirectionBaseline(40, 60)).toEqual({
      alwaysUp: 0.4,
      alwaysDown: 0.6,
      best: 0.6,
      side: 'down',
    });
    expect(marketDirectionBaseline(0, 0).best).toBeNull();
  });
});

describe(passesLiquidityFloor.name, () => {
  it('leaves out a stock under ₺10 M average turnover or under ₺1, and one without data', () => {
    expect(LIQUIDITY_FLOOR.minAverageTurnoverTry).toBe(10_000_000);
    expect(passesLiquidityFloor(12_000_000, 5)).toBe(true);
    expect(passesLiquidityFloor(9_999_999, 5)).toBe(false);
    expect(passesLiquidityFloor(50_000_000, 0.43)).toBe(false);
    expect(passesLiquidityFloor(null, 5)).toBe(false);
  });
});
