import { describe, expect, it } from 'vitest';
import { lastCompletedTradingDay, tradingDaysBack } from './trading-day.ts';

describe(lastCompletedTradingDay.name, () => {
  it('is today only after the session has ended, and skips weekends', () => {
    expect(lastCompletedTradingDay(new Date('2026-11-18T12:00:00Z'))).toBe('2026-11-17'); // Wed 15:00 Istanbul
    expect(lastCompletedTradingDay(new Date('2026-11-18T15:11:00Z'))).toBe('2026-11-18'); // Wed 18:11
    expect(lastCompletedTradingDay(new Date('2026-11-21T10:00:00Z'))).toBe('2026-11-20'); // Saturday
  });
});

describe(tradingDaysBack.name, () => {
  it('steps back over weekends', () => {
    expect(tradingDaysBack('2026-11-23', 1)).toBe('2026-11-20'); // Monday → Friday
    expect(tradingDaysBack('2026-11-20', 5)).toBe('2026-11-13');
    expect(tradingDaysBack('2026-11-20', 0)).toBe('2026-11-20');
  });
});
