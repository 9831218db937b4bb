import { describe, expect, it } from 'vitest';
import { FixedClock } from '@/lib/clock';
import { RequestBudget, RequestBudgetExhaustedError } from './request-budget.ts';

describe(RequestBudget.name, () => {
  it('allows at most the per-minute limit in a minute window and resets after it', () => {
    const clock = new FixedClock(new Date('2026-11-20T08:00:00Z'));
    const budget = new RequestBudget({ perMinute: 3, perDay: 100 }, clock);
    expect(budget.tryTake(2)).toBe(true);
    expect(budget.tryTake(2)).toBe(false); // all or nothing
    expect(budget.tryTake(1)).toBe(true);
    expect(() => budget.takeOrThrow()).toThrow(RequestBudgetExhaustedError);
    expect(budget.msUntilMinuteWindowEnds()).toBe(60_000);
    clock.advanceMs(60_000);
    expect(budget.tryTake(3)).toBe(true);
    expect(budget.usage()).toEqual({ minute: 3, day: 6 });
  });

  it('counts the day in Istanbul and refuses once the daily limit is used', () => {
    const clock = new FixedClock(new Date('2026-11-20T20:00:00Z')); // 23:00 Istanbul
    const budget = new RequestBudget({ perMinute: 10, perDay: 2 }, clock);
    expect(budget.tryTake(2)).toBe(true);
    clock.advanceMs(61_000);
    expect(budget.refusal()).toBe('day');
    clock.set(new Date('2026-11-20T21:00:00Z')); // midnight in Istanbul: a new day
    expect(budget.refusal()).toBeNull();
  });
});
