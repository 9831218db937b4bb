import { describe, expect, it } from 'vitest';
import { positionDayChange } from './day-change.ts';

const buy = (quantity: number, priceTry: number) => ({ type: 'buy' as const, quantity, priceTry });
const sell = (quantity: number, priceTry: number) => ({ type: 'sell' as const, quantity, priceTry });

describe('positionDayChange (Bugün of one position)', () => {
  it('measures a lot bought today at the current price as ₺0, whatever the previous close', () => {
    expect(
      positionDayChange({
        quantity: 100,
        priceTry: 320,
        previousCloseTry: 320.5,
        sessionTransactions: [buy(100, 320)],
      }),
    ).toEqual({ changeTry: 0, baseTry: 32_000 });
  });

  it('measures a lot bought today from its buy price and shares held before from the previous close', () => {
    // 50 held since before (close 290), 100 bought today at 295; now 300.
    const day = positionDayChange({
      quantity: 150,
      priceTry: 300,
      previousCloseTry: 290,
      sessionTransactions: [buy(60, 294), buy(40, 296.5)],
    });
    expect(day.changeTry).toBeCloseTo(50 * 10 + 100 * 5, 6);
    expect(day.baseTry).toBeCloseTo(50 * 290 + 100 * 295, 6);
  });

  it('takes a sell of today from the shares held before first', () => {
    // 50 held before, bought 100 at 295, sold 30: 20 from before + 100 of today's.
    const day = positionDayChange({
      quantity: 120,
      priceTry: 300,
      previousCloseTry: 290,
      sessionTransactions: [buy(100, 295), sell(30, 299)],
    });
    expect(day.changeTry).toBeCloseTo(20 * 10 + 100 * 5, 6);
    // Sold more than held before: what is left came from today's buy.
    expect(
      positionDayChange({
        quantity: 70,
        priceTry: 300,
        previousCloseTry: 290,
        sessionTransactions: [buy(100, 295), sell(80, 299)],
      }).changeTry,
    ).toBeCloseTo(70 * 5, 6);
  });

  it('without trades today is quantity × (price − previous close); without a previous close it is 0', () => {
    expect(
      positionDayChange({ quantity: 100, priceTry: 300, previousCloseTry: 290, sessionTransactions: [] }),
    ).toEqual({ changeTry: 1_000, baseTry: 29_000 });
    expect(
      positionDayChange({ quantity: 100, priceTry: 300, previousCloseTry: null, sessionTransactions: [] })
        .changeTry,
    ).toBe(0);
  });
});
