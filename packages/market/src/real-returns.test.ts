import { describe, expect, it } from 'vitest';
import {
  cpiOnDay,
  depositGrowth,
  inflationBetween,
  missingMonths,
  realReturn,
  returnInUnit,
  timeWeightedReturnInUnit,
  timeWeightedReturnsInUnit,
  dailyValueOn,
} from './real-returns.ts';

describe('realReturn', () => {
  it('a year of 40 % nominal against 45 % inflation is −3.45 % real', () => {
    // 1.40 / 1.45 − 1 = −0.034483
    expect(realReturn(0.4, 0.45)).toBeCloseTo(-0.034483, 6);
    expect(Math.round(realReturn(0.4, 0.45) * 10_000) / 100).toBe(-3.45);
  });

  it('is the nominal return when prices stand still, and zero when both rise alike', () => {
    expect(realReturn(0.12, 0)).toBeCloseTo(0.12, 12);
    expect(realReturn(0.3, 0.3)).toBeCloseTo(0, 12);
  });

  it('in dollars: +50 % in lira while USD/TRY goes 30 → 36 (+20 %) is +25 % in dollars', () => {
    // 1.5 / 1.2 − 1 = 0.25
    expect(returnInUnit(0.5, 36 / 30 - 1)).toBeCloseTo(0.25, 12);
  });
});

describe('missingMonths', () => {
  it('reports a gap instead of inventing it', () => {
    const series = [
      { month: '2024-01', value: 100 },
      { month: '2024-02', value: 101 },
      { month: '2024-05', value: 104 },
    ];
    expect(missingMonths(series)).toEqual(['2024-03', '2024-04']);
    expect(() => cpiOnDay(series, '2024-04-01')).toThrow(/2024-03, 2024-04/);
  });

  it('crosses a year end', () => {
    expect(
      missingMonths([
        { month: '2023-11', value: 1 },
        { month: '2024-02', value: 1 },
      ]),
    ).toEqual(['2023-12', '2024-01']);
  });
});

describe('cpiOnDay', () => {
  const series = [
    { month: '2024-01', value: 100 },
    { month: '2024-02', value: 104 },
    { month: '2024-03', value: 108.16 },
  ];

  it("is a month's figure on its 15th", () => {
    expect(cpiOnDay(series, '2024-02-15')).toEqual({ value: 104, month: '2024-02', method: 'interpolated' });
  });

  it('interpolates geometrically between the middles of two months', () => {
    // 15 Jan → 15 Feb is 31 days; 30 Jan is 15 days in: 100 × 1.04^(15/31).
    const day = cpiOnDay(series, '2024-01-30')!;
    expect(day.value).toBeCloseTo(100 * Math.pow(1.04, 15 / 31), 10);
    expect(day.month).toBe('2024-02');
    expect(day.method).toBe('interpolated');
  });

  it('carries the latest month forward, and says so', () => {
    expect(cpiOnDay(series, '2024-04-20')).toEqual({
      value: 108.16,
      month: '2024-03',
      method: 'carried-forward',
    });
  });

  it('has no value before the first month', () => {
    expect(cpiOnDay(series, '2024-01-10')).toBeNull();
  });

  it('inflation between two days names the month it rests on', () => {
    // 15 Jan → 15 Mar: 108.16 / 100 − 1 = 8.16 %.
    expect(inflationBetween(series, '2024-01-15', '2024-03-15')).toEqual({
      inflation: expect.closeTo(0.0816, 12),
      month: '2024-03',
      carriedForward: true,
    });
    expect(inflationBetween(series, '2024-01-15', '2024-02-15')!.carriedForward).toBe(false);
    expect(inflationBetween(series, '2023-12-01', '2024-02-15')).toBeNull();
  });
});

describe('depositGrowth', () => {
  it('compounds the daily rate: 36.5 % a year for 10 days is 1.001^10 − 1', () => {
    const rates = [{ date: '2024-01-01', value: 36.5 }];
    expect(depositGrowth(rates, '2024-01-01', '2024-01-11')).toBeCloseTo(Math.pow(1.001, 10) - 1, 14);
  });

  it('uses the rate in force on each day', () => {
    // 5 days at 36.5 % (0.1 % a day), then the rate moves to 73 % (0.2 % a day) for 5 days.
    const rates = [
      { date: '2024-01-01', value: 36.5 },
      { date: '2024-01-07', value: 73 },
    ];
    expect(depositGrowth(rates, '2024-01-01', '2024-01-11')).toBeCloseTo(
      Math.pow(1.001, 5) * Math.pow(1.002, 5) - 1,
      14,
    );
  });

  it('is 0 over no days and unknown before the first rate', () => {
    expect(depositGrowth([{ date: '2024-01-01', value: 50 }], '2024-01-05', '2024-01-05')).toBe(0);
    expect(depositGrowth([{ date: '2024-01-03', value: 50 }], '2024-01-01', '2024-01-05')).toBeNull();
  });
});

describe('timeWeightedReturnInUnit', () => {
  it('matches a hand computation in dollars with a deposit on the way', () => {
    // Day 0: ₺30,000 at 30 ₺/$ = $1,000. Day 1: the holdings are worth ₺33,000 at 31 ₺/$ ($1,064.52).
    // Day 2: ₺10,000 deposited at 32 ₺/$ ($312.50) at the start; the close is ₺44,800 at 32 ₺/$ ($1,400).
    // r1 = 1,064.516 / 1,000 − 1; r2 = 1,400 / (1,064.516 + 312.5) − 1; TWR = (1 + r1)(1 + r2) − 1.
    const days = [
      { valueTry: 30_000, flowTry: 0, unitTry: 30 },
      { valueTry: 33_000, flowTry: 0, unitTry: 31 },
      { valueTry: 44_800, flowTry: 10_000, unitTry: 32 },
    ];
    const r1 = 33_000 / 31 / 1_000 - 1;
    const r2 = 1_400 / (33_000 / 31 + 312.5) - 1;
    expect(timeWeightedReturnInUnit(days)).toBeCloseTo((1 + r1) * (1 + r2) - 1, 12);
    // In lira (a unit price of 1) the same days: 33,000 / 30,000 × 44,800 / 43,000 − 1.
    const lira = days.map((d) => ({ ...d, unitTry: 1 }));
    expect(timeWeightedReturnInUnit(lira)).toBeCloseTo((33_000 / 30_000) * (44_800 / 43_000) - 1, 12);
  });

  it('a deposit alone does not move it', () => {
    const days = [
      { valueTry: 1_000, flowTry: 0, unitTry: 10 },
      { valueTry: 3_000, flowTry: 2_000, unitTry: 10 },
    ];
    expect(timeWeightedReturnInUnit(days)).toBeCloseTo(0, 12);
  });

  it('is null when no day held capital', () => {
    expect(timeWeightedReturnInUnit([{ valueTry: 0, flowTry: 0, unitTry: 1 }])).toBeNull();
  });
});

describe('timeWeightedReturnsInUnit', () => {
  it('gives the return from the anchor to each day, the last equal to timeWeightedReturnInUnit', () => {
    const days = [
      { valueTry: 30_000, flowTry: 0, unitTry: 30 },
      { valueTry: 33_000, flowTry: 0, unitTry: 31 },
      { valueTry: 44_800, flowTry: 10_000, unitTry: 32 },
    ];
    const series = timeWeightedReturnsInUnit(days);
    expect(series[0]).toBeNull();
    // Day 1 alone: $1,064.516 / $1,000 − 1.
    expect(series[1]).toBeCloseTo(33_000 / 31 / 1_000 - 1, 12);
    expect(series[2]).toBeCloseTo(timeWeightedReturnInUnit(days)!, 12);
  });

  it('stays null until a day holds capital', () => {
    const days = [
      { valueTry: 0, flowTry: 0, unitTry: 30 },
      { valueTry: 0, flowTry: 0, unitTry: 30 },
      { valueTry: 1_100, flowTry: 1_000, unitTry: 30 },
    ];
    expect(timeWeightedReturnsInUnit(days)).toEqual([null, null, expect.closeTo(0.1, 12)]);
  });
});

describe('dailyValueOn', () => {
  const usd = [
    { date: '2025-11-03', value: 42.0 },
    { date: '2025-11-07', value: 42.2 },
  ];
  it('takes the latest value on or before the day (a weekend keeps Friday) and null before the first', () => {
    expect(dailyValueOn(usd, '2025-11-07')).toBe(42.2);
    expect(dailyValueOn(usd, '2025-11-09')).toBe(42.2);
    expect(dailyValueOn(usd, '2025-11-05')).toBe(42.0);
    expect(dailyValueOn(usd, '2025-11-02')).toBeNull();
  });

  it('does not carry a value on past the age allowed', () => {
    expect(dailyValueOn(usd, '2025-11-14', 7)).toBe(42.2);
    expect(dailyValueOn(usd, '2025-11-15', 7)).toBeNull();
  });
});
