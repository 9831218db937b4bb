import { describe, expect, it } from 'vitest';
import { formatAge, formatClock } from './format-market';

describe('market formats', () => {
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
