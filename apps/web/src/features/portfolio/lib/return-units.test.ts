import { describe, expect, it } from 'vitest';
import type { PerformancePoint, ReturnComparisons } from '@bist/contracts';
import { comparisonMissingReason, pointInUnit, unitUnavailableReason } from './return-units';

const full: ReturnComparisons = {
  real_percent: -3.2,
  usd_percent: -8.1,
  gold_percent: -12.4,
  deposit_percent: 9.6,
  benchmark_real_percent: -1.5,
  benchmark_usd_percent: -6.3,
  benchmark_gold_percent: -10.9,
  cpi_month: '2025-10',
  cpi_method: 'carried-forward',
  cpi_source: 'shipped',
  deposit_source: 'import',
  missing: [],
  missing_months: [],
};

const point = (over: Partial<PerformancePoint> = {}): PerformancePoint => ({
  date: '2025-11-03',
  value: 1000,
  benchmark_value: 1000,
  net_flow: 0,
  twr_percent: 5,
  benchmark_percent: 4,
  real_percent: 2,
  usd_percent: 1,
  gold_percent: -1,
  benchmark_real_percent: 1.5,
  benchmark_usd_percent: 0.5,
  benchmark_gold_percent: -2,
  ...over,
});

describe('pointInUnit', () => {
  it('reads each unit’s own pair of fields: the portfolio’s and XU100’s return in that unit', () => {
    const p = point();
    expect(pointInUnit(p, 'nominal')).toEqual({ portfolio: 5, benchmark: 4 });
    expect(pointInUnit(p, 'real')).toEqual({ portfolio: 2, benchmark: 1.5 });
    expect(pointInUnit(p, 'usd')).toEqual({ portfolio: 1, benchmark: 0.5 });
    expect(pointInUnit(p, 'gold')).toEqual({ portfolio: -1, benchmark: -2 });
  });
});

describe('comparisonMissingReason', () => {
  it('is null for a figure that is there', () => {
    for (const kind of ['real', 'usd', 'gold', 'deposit'] as const) {
      expect(comparisonMissingReason(kind, full)).toBeNull();
    }
  });

  it('says the deposit rate was never loaded when it has no source, else that it does not cover the range', () => {
    const none = { ...full, deposit_percent: null, deposit_source: null, missing: ['DEPOSIT_RATE' as const] };
    expect(comparisonMissingReason('deposit', none)).toEqual({ key: 'units.reason.noDeposit' });
    expect(comparisonMissingReason('deposit', { ...none, deposit_source: 'import' })).toEqual({
      key: 'units.reason.notCovered',
    });
  });

  it('names the CPI’s missing months, and says when no CPI is loaded', () => {
    const gaps = {
      ...full,
      real_percent: null,
      missing: ['TUFE' as const],
      missing_months: ['2025-03', '2025-04'],
    };
    expect(comparisonMissingReason('real', gaps)).toEqual({
      key: 'units.reason.cpiGaps',
      values: { months: '2025-03, 2025-04' },
    });
    expect(
      comparisonMissingReason('real', { ...gaps, missing_months: [], cpi_source: null, cpi_month: null }),
    ).toEqual({ key: 'units.reason.noCpi' });
  });

  it('tells a series that misses the range’s start from one that stops before its end', () => {
    expect(comparisonMissingReason('usd', { ...full, usd_percent: null, missing: ['USDTRY'] })).toEqual({
      key: 'units.reason.notCovered',
    });
    expect(comparisonMissingReason('gold', { ...full, gold_percent: null })).toEqual({
      key: 'units.reason.endNotCovered',
    });
  });
});

describe('unitUnavailableReason', () => {
  it('never disables nominal lira, and enables a unit whose series covers the range', () => {
    expect(unitUnavailableReason('nominal', undefined, undefined)).toBeNull();
    expect(unitUnavailableReason('usd', full, [point()])).toBeNull();
  });

  it('disables a unit whose series is missing over the range, with the reason', () => {
    const noGold = { ...full, gold_percent: null, missing: ['GOLD_TRY_GRAM' as const] };
    const points = [point({ gold_percent: null, benchmark_gold_percent: null })];
    expect(unitUnavailableReason('gold', noGold, points)).toEqual({ key: 'units.reason.notCovered' });
    expect(
      unitUnavailableReason('real', { ...full, missing: ['TUFE'], cpi_source: null }, [point()]),
    ).toEqual({
      key: 'units.reason.noCpi',
    });
  });

  it('disables a unit when no day of the range has a figure in it, whatever the range’s summary says', () => {
    const points = [point({ usd_percent: null }), point({ date: '2025-11-04', usd_percent: null })];
    expect(unitUnavailableReason('usd', full, points)).toEqual({ key: 'units.reason.endNotCovered' });
    expect(unitUnavailableReason('usd', undefined, [point()])).toEqual({ key: 'units.reason.notCovered' });
  });
});
