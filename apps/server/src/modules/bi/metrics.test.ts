import { describe, expect, it } from 'vitest';
import { bucketIndex, emptyHistogram } from '@/lib/latency-histogram';
import {
  periodEnd,
  activation,
  activeUsers,
  dayCount,
  daysBetween,
  nextMonth,
  endpointStats,
  healthMetrics,
  mrrAt,
  mrrMonthInLira,
  mrrMovementRows,
  mrrMovements,
  retentionCohorts,
  revenueByDay,
  revenueByPlan,
  revenueProjection,
  revenueRetention,
  topCounts,
  type MrrChange,
} from './metrics.ts';

const at = (iso: string) => new Date(iso);

describe(dayCount.name, () => {
  it('counts the days of a range, both ends included, as daysBetween lists them', () => {
    for (const [from, to] of [
      ['2026-11-18', '2026-11-18'],
      ['2024-01-01', '2024-12-31'],
      ['2025-03-29', '2025-10-27'],
      ['2023-12-31', '2025-01-01'],
    ] as const)
      expect(dayCount(from, to)).toBe(daysBetween(from, to).length);
    expect(dayCount('2026-11-19', '2026-11-18')).toBe(0);
  });

  it('measures 10,000 years without listing them', () => {
    expect(dayCount('0001-01-01', '9999-12-31')).toBe(3_652_059);
  });
});

describe(nextMonth.name, () => {
  it('keeps four-digit years', () => {
    expect(nextMonth('2026-11')).toBe('2026-12');
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(nextMonth('0001-01')).toBe('0001-02');
    expect(nextMonth('0999-12')).toBe('1000-01');
  });
});

describe('activation (first trade or watchlist within 7 days of signing up)', () => {
  const signups = [
    { userId: 'fast', at: at('2026-11-01T09:00:00Z') },
    { userId: 'edge', at: at('2026-11-02T09:00:00Z') },
    { userId: 'late', at: at('2026-11-03T09:00:00Z') },
    { userId: 'never', at: at('2026-11-04T09:00:00Z') },
    { userId: 'young', at: at('2026-11-20T09:00:00Z') },
    { userId: 'before', at: at('2026-10-20T09:00:00Z') },
  ];
  const events = [
    { userId: 'fast', at: at('2026-11-01T10:00:00Z') },
    { userId: 'fast', at: at('2026-11-05T10:00:00Z') },
    { userId: 'edge', at: at('2026-11-09T09:00:00Z') }, // exactly 7 days later: counts
    { userId: 'late', at: at('2026-11-10T09:00:01Z') }, // a second past the window
    { userId: 'young', at: at('2026-11-20T10:00:00Z') },
    { userId: 'before', at: at('2026-10-20T10:00:00Z') },
  ];
  it('counts sign-ups of the period old enough to judge, activated within the window', () => {
    const result = activation(
      signups,
      events,
      at('2026-11-01T00:00:00Z'),
      at('2026-12-01T00:00:00Z'),
      at('2026-11-25T12:00:00Z'),
    );
    // 'young' signed up 5 days before asOf: not judged; 'before' is outside the period.
    expect(result).toEqual({ eligible: 4, activated: 2, rate: 50 });
  });
  it('has no rate with nobody to judge', () => {
    expect(
      activation(
        signups,
        events,
        at('2026-11-15T00:00:00Z'),
        at('2026-12-01T00:00:00Z'),
        at('2026-11-25T12:00:00Z'),
      ),
    ).toEqual({
      eligible: 0,
      activated: 0,
      rate: null,
    });
  });
});

describe('activeUsers (Europe/Istanbul days)', () => {
  it('counts DAU/WAU/MAU across day boundaries in Istanbul, not UTC', () => {
    const asOf = at('2026-03-10T12:00:00+03:00');
    const activity = [
      // 21:30 UTC on the 9th is 00:30 on the 10th in Istanbul: today.
      { userId: 'a', at: at('2026-03-09T21:30:00Z') },
      // 20:59 UTC on the 9th is 23:59 on the 9th in Istanbul: yesterday.
      { userId: 'b', at: at('2026-03-09T20:59:00Z') },
      // 6 days back (the 4th, Istanbul): inside the week.
      { userId: 'c', at: at('2026-03-04T00:10:00+03:00') },
      // The 3rd at 23:50 Istanbul: outside the week, inside the month.
      { userId: 'd', at: at('2026-03-03T23:50:00+03:00') },
      // 29 days back (Feb 9th Istanbul): inside the 30 days; 30 days back: outside.
      { userId: 'e', at: at('2026-02-09T08:00:00+03:00') },
      { userId: 'f', at: at('2026-02-08T23:59:00+03:00') },
      // Tomorrow (a clock skewed event) is not counted.
      { userId: 'g', at: at('2026-03-11T00:00:00+03:00') },
      // The same user twice today counts once.
      { userId: 'a', at: at('2026-03-10T11:00:00+03:00') },
    ];
    const r = activeUsers(activity, asOf);
    expect(r).toMatchObject({ dau: 1, wau: 3, mau: 5 });
    // Five user-days in the 30 days: average DAU 5/30, over the same month's 5 investors.
    expect(r.avg_dau).toBeCloseTo(5 / 30, 2);
    expect(r.stickiness).toBeCloseTo((5 / 30 / 5) * 100, 9);
    expect(activeUsers([], asOf).stickiness).toBeNull();
  });

  it("divides the month's average DAU by its MAU: a quiet last day does not collapse stickiness", () => {
    const asOf = at('2026-03-10T12:00:00+03:00');
    // 20 investors active every day for 29 days, and only 2 of them so far today.
    const activity = [];
    for (let back = 1; back < 30; back++)
      for (let u = 0; u < 20; u++)
        activity.push({ userId: `u${u}`, at: new Date(asOf.getTime() - back * 86_400_000) });
    activity.push({ userId: 'u0', at: asOf }, { userId: 'u1', at: asOf });
    const r = activeUsers(activity, asOf);
    expect(r.dau).toBe(2);
    expect(r.mau).toBe(20);
    // (29 × 20 + 2) / 30 = 19.4 a day over 20: 97 %, not 2/20 = 10 %.
    expect(r.stickiness).toBeCloseTo(97, 9);
    // Everyone every day is 100 %.
    const always = [];
    for (let back = 0; back < 30; back++)
      always.push({ userId: 'x', at: new Date(asOf.getTime() - back * 86_400_000) });
    expect(activeUsers(always, asOf).stickiness).toBeCloseTo(100, 9);
  });
});

// A planted ledger of MRR changes (kuruş) over three months, every kind of movement in March.
const changes: MrrChange[] = [
  // a: new in Jan at 100, expands to 300 in March.
  { userId: 'a', at: at('2026-01-05T10:00:00+03:00'), mrrKurus: 100 },
  { userId: 'a', at: at('2026-03-03T10:00:00+03:00'), mrrKurus: 300 },
  // b: 300 since Jan, contracts to 100 in March.
  { userId: 'b', at: at('2026-01-10T10:00:00+03:00'), mrrKurus: 300 },
  { userId: 'b', at: at('2026-03-04T10:00:00+03:00'), mrrKurus: 100 },
  // c: 100 since Feb, churns in March.
  { userId: 'c', at: at('2026-02-01T10:00:00+03:00'), mrrKurus: 100 },
  { userId: 'c', at: at('2026-03-20T10:00:00+03:00'), mrrKurus: 0 },
  // d: paid in Jan, cancelled in Feb, back in March: reactivation.
  { userId: 'd', at: at('2026-01-02T10:00:00+03:00'), mrrKurus: 100 },
  { userId: 'd', at: at('2026-02-15T10:00:00+03:00'), mrrKurus: 0 },
  { userId: 'd', at: at('2026-03-15T10:00:00+03:00'), mrrKurus: 300 },
  // e: new in March, upgraded in March: all of it is new.
  { userId: 'e', at: at('2026-03-05T10:00:00+03:00'), mrrKurus: 100 },
  { userId: 'e', at: at('2026-03-25T10:00:00+03:00'), mrrKurus: 300 },
  // f: new and gone within March: no movement.
  { userId: 'f', at: at('2026-03-06T10:00:00+03:00'), mrrKurus: 100 },
  { userId: 'f', at: at('2026-03-07T10:00:00+03:00'), mrrKurus: 0 },
  // g: upgraded and downgraded back within March: no movement.
  { userId: 'g', at: at('2026-02-02T10:00:00+03:00'), mrrKurus: 300 },
  { userId: 'g', at: at('2026-03-08T10:00:00+03:00'), mrrKurus: 600 },
  { userId: 'g', at: at('2026-03-09T10:00:00+03:00'), mrrKurus: 300 },
];
const march = at('2026-03-01T00:00:00+03:00');
const april = at('2026-04-01T00:00:00+03:00');

describe('MRR', () => {
  it('movements on a planted ledger balance to the change in MRR', () => {
    const m = mrrMovements(changes, march, april);
    expect(m).toEqual({
      startMrr: 100 + 300 + 100 + 300, // a, b, c, g (d had cancelled)
      endMrr: 300 + 100 + 300 + 300 + 300, // a, b, d, e, g
      newMrr: 300,
      expansion: 200,
      contraction: 200,
      churn: 100,
      reactivation: 300,
    });
    expect(m.newMrr + m.reactivation + m.expansion - m.contraction - m.churn).toBe(m.endMrr - m.startMrr);
    expect(mrrAt(changes, april)).toEqual({ mrr: m.endMrr, payingUsers: 5 });
  });

  it('lists the investors behind the movements, one row each, summing to the month figures', () => {
    const rows = mrrMovementRows(changes, march, april);
    expect(rows).toEqual([
      { userId: 'e', startMrr: 0, endMrr: 300, movement: 'new' },
      { userId: 'd', startMrr: 0, endMrr: 300, movement: 'reactivation' },
      { userId: 'a', startMrr: 100, endMrr: 300, movement: 'expansion' },
      { userId: 'b', startMrr: 300, endMrr: 100, movement: 'contraction' },
      { userId: 'c', startMrr: 100, endMrr: 0, movement: 'churn' },
      { userId: 'g', startMrr: 300, endMrr: 300, movement: 'unchanged' },
    ]);
    const m = mrrMovements(changes, march, april);
    const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0);
    expect(sum((r) => r.startMrr)).toBe(m.startMrr);
    expect(sum((r) => r.endMrr)).toBe(m.endMrr);
    // 'f' (new and gone within the month) has no MRR at either end: not a row.
    expect(rows.map((r) => r.userId)).not.toContain('f');
  });

  it('movements balance for every month of the ledger', () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-02-01'],
      ['2026-02-01', '2026-03-01'],
      ['2025-12-01', '2026-04-01'],
    ] as const) {
      const m = mrrMovements(changes, at(`${from}T00:00:00+03:00`), at(`${to}T00:00:00+03:00`));
      expect(m.newMrr + m.reactivation + m.expansion - m.contraction - m.churn).toBe(m.endMrr - m.startMrr);
    }
  });

  it('GRR never exceeds 100 % while NRR can', () => {
    const expanding: MrrChange[] = [
      { userId: 'x', at: at('2026-02-01T10:00:00+03:00'), mrrKurus: 100 },
      { userId: 'x', at: at('2026-03-10T10:00:00+03:00'), mrrKurus: 500 },
      // A new investor during the range is in neither figure.
      { userId: 'y', at: at('2026-03-11T10:00:00+03:00'), mrrKurus: 900 },
    ];
    const r = revenueRetention(expanding, march, april);
    expect(r.grr).toBe(100);
    expect(r.nrr).toBe(500);
    const planted = revenueRetention(changes, march, april);
    // Start cohort a100 b300 c100 g300 = 800; kept min: 100 + 100 + 0 + 300 = 500; end: 300 + 100 + 0 + 300 = 700.
    expect(planted.grr).toBeCloseTo(62.5, 9);
    expect(planted.nrr).toBeCloseTo(87.5, 9);
    expect(revenueRetention([], march, april)).toEqual({ grr: null, nrr: null });
  });
});

describe('revenue', () => {
  const rows = [
    { at: at('2026-03-01T00:30:00+03:00'), planId: 'premium', amountKurus: 14_900 },
    { at: at('2026-02-28T23:30:00+03:00'), planId: 'pro', amountKurus: 34_900 },
    { at: at('2026-03-02T10:00:00+03:00'), planId: 'pro', amountKurus: 34_900 },
    { at: at('2026-03-02T11:00:00+03:00'), planId: 'pro', amountKurus: -34_900 },
  ];
  it('sums per Istanbul day with zero days kept, refunds subtracting', () => {
    expect(revenueByDay(rows, '2026-02-28', '2026-03-03')).toEqual([
      { date: '2026-02-28', total_revenue: 34_900 },
      { date: '2026-03-01', total_revenue: 14_900 },
      { date: '2026-03-02', total_revenue: 0 },
      { date: '2026-03-03', total_revenue: 0 },
    ]);
    expect(revenueByPlan(rows)).toEqual([
      { planId: 'pro', totalKurus: 34_900 },
      { planId: 'premium', totalKurus: 14_900 },
    ]);
  });
  it('projects the month by run-rate', () => {
    // Half of a 30-day April elapsed, 1,000 so far: 2,000 projected; March had 4,000: −50 %.
    const ledger = [
      { at: at('2026-03-15T10:00:00+03:00'), planId: 'pro', amountKurus: 4_000 },
      { at: at('2026-04-10T10:00:00+03:00'), planId: 'pro', amountKurus: 1_000 },
    ];
    const p = revenueProjection(ledger, at('2026-04-16T00:00:00+03:00'));
    expect(p).toEqual({ current_month_actual: 1_000, current_month_projected: 2_000, growth_rate: -50 });
  });
});

describe('retentionCohorts', () => {
  it('gives the share of each sign-up month active in each later month', () => {
    const signups = [
      { userId: 'a', at: at('2026-01-31T23:30:00+03:00') },
      { userId: 'b', at: at('2026-01-10T10:00:00+03:00') },
      // 21:30 UTC on Jan 31 is Feb 1 in Istanbul: a February sign-up.
      { userId: 'c', at: at('2026-01-31T21:30:00Z') },
    ];
    const activity = [
      { userId: 'a', at: at('2026-01-31T23:40:00+03:00') },
      { userId: 'b', at: at('2026-01-11T10:00:00+03:00') },
      { userId: 'a', at: at('2026-02-05T10:00:00+03:00') },
      { userId: 'c', at: at('2026-02-05T10:00:00+03:00') },
    ];
    const rows = retentionCohorts(signups, activity, at('2026-02-20T10:00:00+03:00'), 2);
    expect(rows).toEqual([
      { cohort: '2026-01', size: 2, retention: [100, 50] },
      { cohort: '2026-02', size: 1, retention: [100] },
    ]);
  });
});

describe('topCounts', () => {
  it('ranks by count, ties by key, at most n', () => {
    const items = ['b', 'a', 'b', 'c', 'a', 'd', 'e', 'f', null];
    expect(topCounts(items, (x) => x, 3)).toEqual([
      ['a', 2],
      ['b', 2],
      ['c', 1],
    ]);
  });
});

describe('endpoint and health metrics', () => {
  it('merges status classes per endpoint, reads percentiles and the 5xx rate', () => {
    const h = (samples: number[]) => {
      const b = emptyHistogram();
      for (const s of samples) b[bucketIndex(s)]!++;
      return b;
    };
    const counters = [
      {
        method: 'GET',
        route: '/api/x',
        statusClass: 2,
        count: 3,
        sumMs: 12,
        maxMs: 5,
        buckets: h([3, 4, 5]),
      },
      { method: 'GET', route: '/api/x', statusClass: 5, count: 1, sumMs: 8, maxMs: 8, buckets: h([8]) },
      { method: 'POST', route: '/api/y', statusClass: 4, count: 1, sumMs: 1, maxMs: 1, buckets: h([1]) },
    ];
    const [x, y] = endpointStats(counters);
    expect(x).toMatchObject({ endpoint: 'GET /api/x', requests: 4, avg_response_time: 5, error_rate: 25 });
    // Rank 2 of 4 is the 2nd of 3 in (2, 5]: 2 + 3 × 2/3.
    expect(x!.p50_ms).toBeCloseTo(4, 9);
    expect(x!.p99_ms).toBeCloseTo(8, 9);
    expect(y).toMatchObject({ endpoint: 'POST /api/y', requests: 1, error_rate: 0 });
    expect(healthMetrics(counters)).toEqual({
      total_requests: 5,
      avg_response_time: 21 / 5,
      success_rate: 80,
      error_rate: 20,
    });
    expect(healthMetrics([]).success_rate).toBeNull();
  });
});

describe('periodEnd (a paid period: one calendar month or year)', () => {
  const at = (iso: string) => new Date(iso);
  it('keeps the day and the time of day', () => {
    expect(periodEnd(at('2026-11-18T09:30:00Z'), 'monthly').toISOString()).toBe('2026-12-18T09:30:00.000Z');
    expect(periodEnd(at('2026-12-18T09:30:00Z'), 'monthly').toISOString()).toBe('2027-01-18T09:30:00.000Z');
    expect(periodEnd(at('2026-11-18T09:30:00Z'), 'yearly').toISOString()).toBe('2027-11-18T09:30:00.000Z');
  });
  it("ends on the month's last day when the next month is shorter (never spills into the month after)", () => {
    expect(periodEnd(at('2027-01-31T08:00:00Z'), 'monthly').toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(periodEnd(at('2028-01-31T08:00:00Z'), 'monthly').toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(periodEnd(at('2028-02-29T08:00:00Z'), 'yearly').toISOString()).toBe('2029-02-28T08:00:00.000Z');
    expect(periodEnd(at('2026-08-31T08:00:00Z'), 'monthly').toISOString()).toBe('2026-09-30T08:00:00.000Z');
  });
});

describe(mrrMonthInLira.name, () => {
  it("names one month's movements as the answers do, each kuruş amount in lira", () => {
    expect(
      mrrMonthInLira('2026-11', {
        startMrr: 100_000,
        newMrr: 29_999,
        expansion: 5_050,
        contraction: 1_001,
        churn: 20_000,
        reactivation: 7_500,
        endMrr: 111_548,
      }),
    ).toEqual({
      month: '2026-11',
      start_mrr: 1000,
      new_mrr: 299.99,
      expansion: 50.5,
      contraction: 10.01,
      churn: 200,
      reactivation: 75,
      end_mrr: 1115.48,
    });
  });
});
