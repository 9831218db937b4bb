import { describe, expect, it } from 'vitest';
import { periodOf, previousPeriod, sourcesOf } from './bi-scope.ts';

// 2026-11-18 12:30 in Istanbul (UTC+3).
const NOW = new Date('2026-11-18T09:30:00Z');

describe('BI periods', () => {
  it('defaults to the 30 Istanbul days ending today, cut at now', () => {
    const p = periodOf({}, NOW);
    expect(p).toEqual({
      from: '2026-10-20',
      to: '2026-11-18',
      days: 30,
      start: new Date('2026-10-19T21:00:00Z'),
      end: NOW,
    });
  });

  it('a from/to range ends at midnight after its last day when that day is over', () => {
    const p = periodOf({ from: '2026-11-01', to: '2026-11-07' }, NOW);
    expect(p.days).toBe(7);
    expect(p.start).toEqual(new Date('2026-10-31T21:00:00Z'));
    expect(p.end).toEqual(new Date('2026-11-07T21:00:00Z'));
  });

  it('refuses a range over 366 days, naming from', () => {
    expect(periodOf({ from: '2024-01-01', to: '2024-12-31' }, NOW).days).toBe(366);
    expect(() => periodOf({ from: '2024-01-01', to: '2025-01-01' }, NOW)).toThrow(
      expect.objectContaining({ statusCode: 400, field: 'from' }),
    );
  });

  it('the previous period has the same length and ends where the period starts', () => {
    const p = periodOf({ period: '7' }, NOW);
    const prev = previousPeriod(p);
    expect(prev).toEqual({
      from: '2026-11-05',
      to: '2026-11-11',
      days: 7,
      start: new Date('2026-11-04T21:00:00Z'),
      end: p.start,
    });
  });

  it('names the populations the rows hold', () => {
    expect(sourcesOf([{ source: 'demo' }], [])).toEqual({ demo: true, live: false });
    expect(sourcesOf([], [{ source: 'live' }, { source: 'demo' }])).toEqual({ demo: true, live: true });
    expect(sourcesOf([])).toEqual({ demo: false, live: false });
  });
});
