import { describe, expect, it } from 'vitest';
import { RULE_CATALOGUE } from './catalogue.ts';
import { findingKey, newFindings, type Finding } from './finding.ts';
import { priceLimitStreak, PRICE_LIMIT_STREAK_DEFAULTS } from './price-limit-streak.ts';
import { barsOf } from './test-bars.ts';

describe('violation dedup', () => {
  const finding = (windowKey: string, entityId = 'ABC'): Finding => ({
    entityType: 'stock',
    entityId,
    windowKey,
    occurredAt: '2026-01-04',
    description: '',
    evidence: { figures: {} },
  });

  it('keeps one finding per rule, entity and window, across runs and within one run', () => {
    const seen = new Set([findingKey('R', finding('2026-01-02'))]);
    const fresh = newFindings(
      'R',
      [finding('2026-01-02'), finding('2026-01-05'), finding('2026-01-05'), finding('2026-01-05', 'XYZ')],
      seen,
    );
    expect(fresh.map((f) => `${f.entityId}@${f.windowKey}`)).toEqual(['ABC@2026-01-05', 'XYZ@2026-01-05']);
  });

  it('a limit streak re-evaluated a day later is the same window', () => {
    const day3 = priceLimitStreak(
      { symbol: 'ABC', bars: barsOf([10, 11, 12.1, 13.31]) },
      PRICE_LIMIT_STREAK_DEFAULTS,
    );
    const day4 = priceLimitStreak(
      { symbol: 'ABC', bars: barsOf([10, 11, 12.1, 13.31, 14.64]) },
      PRICE_LIMIT_STREAK_DEFAULTS,
    );
    const seen = new Set(day3.map((f) => findingKey('MKT_PRICE_LIMIT_STREAK', f)));
    expect(newFindings('MKT_PRICE_LIMIT_STREAK', day4, seen)).toEqual([]);
  });
});

describe('rule catalogue', () => {
  it('has unique codes and defaults that pass their own parameter schema', () => {
    expect(new Set(RULE_CATALOGUE.map((r) => r.code)).size).toBe(RULE_CATALOGUE.length);
    for (const rule of RULE_CATALOGUE)
      expect(rule.params.safeParse(rule.defaults).success, rule.code).toBe(true);
  });
  it('refuses a parameter out of range or unknown', () => {
    const streak = RULE_CATALOGUE.find((r) => r.code === 'MKT_PRICE_LIMIT_STREAK')!;
    expect(streak.params.safeParse({ ...streak.defaults, days: 0 }).success).toBe(false);
    expect(streak.params.safeParse({ ...streak.defaults, extra: 1 }).success).toBe(false);
  });
});
