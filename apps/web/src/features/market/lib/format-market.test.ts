import { describe, expect, it } from 'vitest';
import { formatAge, formatAmount, formatClock } from './format-market';

describe('market formats', () => {
  it('abbreviates large lira amounts in Turkish units', () => {
    expect(formatAmount(12_400_000_000)).toBe('₺12,4 Mr');
    expect(formatAmount(15_230_000_000_000)).toBe('₺15,2 Tn');
    expect(formatAmount(3_450_000)).toBe('₺3,5 Mn');
    expect(formatAmount(999.5)).toBe('₺999,50');
    expect(formatAmount(null)).toBe('---');
  });

  it('shows ages in short Turkish units', () => {
    expect(formatAge(42)).toBe('42 sn');
    expect(formatAge(600)).toBe('10 dk');
    expect(formatAge(7200)).toBe('2 sa');
    expect(formatAge(200_000)).toBe('2 gün');
    expect(formatAge(null)).toBe('---');
  });

  it('shows clock times in Istanbul', () => {
    expect(formatClock('2026-01-05T07:30:00Z')).toBe('10:30');
  });
});
