import { describe, expect, it } from 'vitest';
import {
  cpiMonthsBehind,
  formatCpiMonth,
  inflationUnmeasured,
  sourceKey,
  unitMissingReason,
} from './return-units';

const covered = { missing: [], missing_months: [], cpi_source: 'shipped' } as const;
const full = { cpi_month: '2025-10', cpi_method: 'carried-forward' } as const;

describe('unitMissingReason', () => {
  it('is null for a figure that is there', () => {
    expect(unitMissingReason('usd', 16.67, covered)).toBeNull();
    expect(unitMissingReason('real', -3.45, { ...covered, missing: ['TUFE'] })).toBeNull();
  });

  it('names the CPI’s missing months first, then a CPI never loaded', () => {
    expect(
      unitMissingReason('real', null, { ...covered, missing: ['TUFE'], missing_months: ['2025-03'] }),
    ).toEqual({
      key: 'units.reason.cpiGaps',
      values: { months: '2025-03' },
    });
    expect(unitMissingReason('real', null, { ...covered, missing: ['TUFE'], cpi_source: null })).toEqual({
      key: 'units.reason.noCpi',
    });
  });

  it('tells a series without a value on the first day from one that stops before the last', () => {
    expect(unitMissingReason('usd', null, { ...covered, missing: ['USDTRY'] })).toEqual({
      key: 'units.reason.notCovered',
    });
    expect(unitMissingReason('usd', null, covered)).toEqual({ key: 'units.reason.endNotCovered' });
    // Another series missing is not this one's reason.
    expect(unitMissingReason('usd', null, { ...covered, missing: ['TUFE'] })).toEqual({
      key: 'units.reason.endNotCovered',
    });
  });
});

describe('inflationUnmeasured', () => {
  it('is true only when the CPI is carried forward from a month that stands before the range’s first day', () => {
    // October's figure stands at 15 October: a range from 16 October on has no published CPI inside it.
    expect(inflationUnmeasured(full, '2025-10-16')).toBe(true);
    expect(inflationUnmeasured(full, '2025-10-15')).toBe(true);
    expect(inflationUnmeasured(full, '2025-10-14')).toBe(false);
    expect(inflationUnmeasured({ ...full, cpi_method: 'interpolated' }, '2025-10-16')).toBe(false);
    expect(inflationUnmeasured(full, undefined)).toBe(false);
  });
});

describe('cpiMonthsBehind', () => {
  it('counts the months published by the range end that are not loaded (a month is out by the 5th of the next)', () => {
    // October 2025 is the latest loaded: on 2025-11-04 November's 3rd publication may not be in yet, so nothing lacks.
    expect(cpiMonthsBehind('2025-10', '2025-11-04')).toBe(0);
    expect(cpiMonthsBehind('2025-10', '2025-11-30')).toBe(0);
    // By 2025-12-05 November is out: one month lacks.
    expect(cpiMonthsBehind('2025-10', '2025-12-05')).toBe(1);
    // A range ending 2026-12-01: October 2026 is the latest that can be out, twelve months after October 2025.
    expect(cpiMonthsBehind('2025-10', '2026-12-01')).toBe(12);
  });

  it('is 0 when the CPI or the range end is unknown, or the CPI is newer than the range', () => {
    expect(cpiMonthsBehind(null, '2026-12-01')).toBe(0);
    expect(cpiMonthsBehind('2025-10', undefined)).toBe(0);
    expect(cpiMonthsBehind('2026-11', '2026-06-10')).toBe(0);
  });
});

describe('formatCpiMonth', () => {
  it('names the month in words in the investor’s language', () => {
    expect(formatCpiMonth('2025-10', 'tr')).toBe('Ekim 2025');
    expect(formatCpiMonth('2025-01', 'tr')).toBe('Ocak 2025');
    expect(formatCpiMonth('2025-10', 'en')).toBe('October 2025');
  });

  it('is null without a month or for a malformed one', () => {
    expect(formatCpiMonth(null, 'tr')).toBeNull();
    expect(formatCpiMonth('2025-10-01', 'tr')).toBeNull();
  });
});

describe('sourceKey', () => {
  it('has a text for each source the server stores, none for others', () => {
    expect(sourceKey('shipped')).toBe('units.source.shipped');
    expect(sourceKey('evds')).toBe('units.source.evds');
    expect(sourceKey('someone-else')).toBeNull();
    expect(sourceKey(null)).toBeNull();
  });
});
