// The rules for a return shown in another unit than nominal lira (decision 0063), shared by the portfolio's
// performance card and the stock and index charts: why a figure is missing, when no inflation was measured inside a
// range, and how the CPI's month and a series' source are named. Pure: the texts are i18n keys of the shared
// namespace (locales/*.json, `units.*`).
import type { ReferenceSeriesCode } from '@bist/contracts';

/** The units measured against a reference series, and the series each one reads. */
export const UNIT_SERIES = {
  real: 'TUFE',
  usd: 'USDTRY',
  gold: 'GOLD_TRY_GRAM',
} as const satisfies Record<string, ReferenceSeriesCode>;
export type SeriesUnit = keyof typeof UNIT_SERIES;

/** Why a figure is missing: an i18n key of the shared namespace and its values. */
export interface MissingReason {
  key: string;
  values?: Record<string, string>;
}

/** What the server says about the series of a range (the portfolio's comparisons, a chart's units). */
export interface SeriesCoverage {
  /** Series without a value on the range's first day. */
  missing: readonly ReferenceSeriesCode[];
  /** CPI months missing between the series' first and last (the CPI is then not used). */
  missing_months: readonly string[];
  cpi_source: string | null;
}

/**
 * Why a figure in a unit is null, or null when it is there: the CPI's missing months are named, a CPI never loaded
 * is said so, a series without a value on the range's first day (not loaded, or starting later) is told apart from
 * one that stops before its last day.
 */
export function unitMissingReason(
  unit: SeriesUnit,
  value: number | null,
  coverage: SeriesCoverage,
): MissingReason | null {
  if (value !== null) return null;
  if (unit === 'real') {
    if (coverage.missing_months.length > 0) {
      return { key: 'units.reason.cpiGaps', values: { months: coverage.missing_months.join(', ') } };
    }
    if (coverage.cpi_source === null) return { key: 'units.reason.noCpi' };
  }
  return {
    key: coverage.missing.includes(UNIT_SERIES[unit])
      ? 'units.reason.notCovered'
      : 'units.reason.endNotCovered',
  };
}

/**
 * True when the range's CPI is carried forward from a month whose middle (where its figure stands) is not after the
 * range's first day: no published CPI falls inside the range, so its real return assumes no inflation at all.
 */
export function inflationUnmeasured(
  cpi: { cpi_method: 'interpolated' | 'carried-forward' | null; cpi_month: string | null },
  firstDate: string | undefined,
): boolean {
  if (cpi.cpi_method !== 'carried-forward' || !cpi.cpi_month || !firstDate) return false;
  return firstDate >= `${cpi.cpi_month}-15`;
}

/**
 * How many months of CPI a range ending on `lastDate` lacks after the series' latest month `cpiMonth`: TÜİK publishes a
 * month's figure around the 3rd of the next month, so by the 5th the month before is out. 0 when the latest month
 * that could be published is loaded (or when either is unknown); a real return over the range then leaves the
 * inflation of the months counted here out (they are carried forward at zero).
 */
export function cpiMonthsBehind(cpiMonth: string | null, lastDate: string | undefined): number {
  if (!cpiMonth || !/^\d{4}-\d{2}$/.test(cpiMonth) || !lastDate || !/^\d{4}-\d{2}-\d{2}/.test(lastDate))
    return 0;
  const index = (year: number, month: number) => year * 12 + month - 1;
  const day = Number(lastDate.slice(8, 10));
  const published = index(Number(lastDate.slice(0, 4)), Number(lastDate.slice(5, 7))) - (day >= 5 ? 1 : 2);
  return Math.max(0, published - index(Number(cpiMonth.slice(0, 4)), Number(cpiMonth.slice(5, 7))));
}

/** The CPI month (YYYY-MM) in words: 'Ekim 2025' in Turkish, 'October 2025' in English; null stays null. */
export function formatCpiMonth(month: string | null, language: 'tr' | 'en'): string | null {
  if (!month || !/^\d{4}-\d{2}$/.test(month)) return null;
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 15));
  return date.toLocaleDateString(language === 'en' ? 'en-US' : 'tr-TR', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const KNOWN_SOURCES = ['shipped', 'yahoo', 'import', 'evds'] as const;

/** The i18n key naming a series' source (as the server stores it); an unknown source is shown as it is. */
export function sourceKey(source: string | null): string | null {
  if (source === null) return null;
  return (KNOWN_SOURCES as readonly string[]).includes(source) ? `units.source.${source}` : null;
}
