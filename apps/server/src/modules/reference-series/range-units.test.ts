import { describe, expect, it } from 'vitest';
import { rangeUnits, type RangeUnitSeries } from './range-units.ts';

/** TÜFE from 2024-06 (100) to 2025-06 (145): +45 % from one June's middle to the next. */
const cpi = Array.from({ length: 13 }, (_, k) => {
  const month = k < 7 ? `2024-${String(6 + k).padStart(2, '0')}` : `2025-${String(k - 6).padStart(2, '0')}`;
  return { month, value: k === 12 ? 145 : 100 * Math.pow(1.45, k / 12) };
});

const series = (over: Partial<RangeUnitSeries> = {}): RangeUnitSeries => ({
  cpi,
  cpiSource: 'shipped',
  usdTry: [
    { date: '2024-06-14', value: 30 },
    { date: '2025-06-13', value: 36 },
  ],
  usdSource: 'yahoo',
  ...over,
});

const first = { date: '2024-06-15', close: 100 };
const last = { date: '2025-06-15', close: 140 };

describe('rangeUnits', () => {
  it('gives a stock +40 % in a year with TÜFE +45 % as −3.45 % real, and with USD/TRY 30 → 36 as +16.67 % in dollars', () => {
    // Real: 1.40 / 1.45 − 1 = −0.03448…; dollars: 1.40 / (36 / 30) − 1 = 0.16666…
    expect(rangeUnits(first, last, series())).toEqual({
      from: '2024-06-15',
      to: '2025-06-15',
      nominal_percent: 40,
      real_percent: -3.45,
      usd_percent: 16.67,
      // A weekend day takes Friday's rate (at most 7 days old).
      usd_try_from: 30,
      usd_try_to: 36,
      cpi_month: '2025-06',
      cpi_method: 'carried-forward',
      cpi_source: 'shipped',
      usd_source: 'yahoo',
      missing: [],
      missing_months: [],
    });
  });

  it('interpolates the last day between two months and names the later month', () => {
    // 2025-05-31 lies between May's and June's middles: its CPI rests on June's figure.
    const units = rangeUnits(first, { date: '2025-05-31', close: 140 }, series());
    expect(units.cpi_method).toBe('interpolated');
    expect(units.cpi_month).toBe('2025-06');
    expect(units.real_percent).not.toBeNull();
    expect(units.real_percent!).toBeGreaterThan(-3.45);
  });

  it('lists a series without a value on the first day in `missing` and leaves its figure null', () => {
    const units = rangeUnits({ date: '2024-01-10', close: 100 }, last, series());
    expect(units.real_percent).toBeNull();
    expect(units.usd_percent).toBeNull();
    expect(units.missing).toEqual(['TUFE', 'USDTRY']);
    expect(units.nominal_percent).toBe(40);
  });

  it('does not carry a stopped USD/TRY feed on: the last day over 7 days past it gives no dollar figure', () => {
    const units = rangeUnits(first, { date: '2025-07-01', close: 140 }, series());
    expect(units.usd_try_to).toBeNull();
    expect(units.usd_percent).toBeNull();
    // Covered on the first day: not in `missing` (the series ends before the range does).
    expect(units.missing).toEqual([]);
  });

  it('refuses a CPI with a month missing and names it; no series stored names no source', () => {
    const gapped = rangeUnits(first, last, series({ cpi: cpi.filter((p) => p.month !== '2024-09') }));
    expect(gapped.real_percent).toBeNull();
    expect(gapped.missing_months).toEqual(['2024-09']);
    expect(gapped.missing).toContain('TUFE');
    const none = rangeUnits(first, last, series({ cpi: [], usdTry: [] }));
    expect(none).toMatchObject({
      cpi_source: null,
      usd_source: null,
      cpi_month: null,
      missing: ['TUFE', 'USDTRY'],
    });
  });
});
