// The units a portfolio's return is shown in (decision 0063): nominal lira, real lira (TÜFE-deflated), US dollars and
// gram gold; which fields of the overview carry each, when a unit cannot be shown and why, and how the CPI's month
// and source are named. Pure: the texts are i18n keys of the portfolio feature.
import type { PerformancePoint, ReferenceSeriesCode, ReturnComparisons } from '@bist/contracts';

export const RETURN_UNITS = ['nominal', 'real', 'usd', 'gold'] as const;
export type ReturnUnit = (typeof RETURN_UNITS)[number];

type PercentField = {
  [K in keyof PerformancePoint]: PerformancePoint[K] extends number | null ? K : never;
}[keyof PerformancePoint];

/** The performance point's fields of a unit: the portfolio's return and XU100's, both in % of the range's start. */
export const UNIT_FIELDS: Record<ReturnUnit, { portfolio: PercentField; benchmark: PercentField }> = {
  nominal: { portfolio: 'twr_percent', benchmark: 'benchmark_percent' },
  real: { portfolio: 'real_percent', benchmark: 'benchmark_real_percent' },
  usd: { portfolio: 'usd_percent', benchmark: 'benchmark_usd_percent' },
  gold: { portfolio: 'gold_percent', benchmark: 'benchmark_gold_percent' },
};

/** The reference series a unit is measured against (nominal lira needs none). */
export const UNIT_SERIES: Record<Exclude<ReturnUnit, 'nominal'>, ReferenceSeriesCode> = {
  real: 'TUFE',
  usd: 'USDTRY',
  gold: 'GOLD_TRY_GRAM',
};

/** A point's two returns in a unit; null where the unit's series does not cover the day. */
export function pointInUnit(
  point: PerformancePoint,
  unit: ReturnUnit,
): { portfolio: number | null; benchmark: number | null } {
  const fields = UNIT_FIELDS[unit];
  return { portfolio: point[fields.portfolio], benchmark: point[fields.benchmark] };
}

/** Why a figure is missing: an i18n key of the portfolio feature and its values. */
export interface MissingReason {
  key: string;
  values?: Record<string, string>;
}

/**
 * Why a comparison figure of the range is null, or null when it is there. A series without values over the range
 * (`missing`) is told apart from one that has none at all, and the CPI's missing months are named.
 */
export function comparisonMissingReason(
  kind: Exclude<ReturnUnit, 'nominal'> | 'deposit',
  comparisons: ReturnComparisons,
): MissingReason | null {
  const value =
    kind === 'deposit'
      ? comparisons.deposit_percent
      : kind === 'real'
        ? comparisons.real_percent
        : kind === 'usd'
          ? comparisons.usd_percent
          : comparisons.gold_percent;
  if (value !== null) return null;
  if (kind === 'deposit') {
    return {
      key: comparisons.deposit_source === null ? 'units.reason.noDeposit' : 'units.reason.notCovered',
    };
  }
  if (kind === 'real') {
    if (comparisons.missing_months.length > 0) {
      return { key: 'units.reason.cpiGaps', values: { months: comparisons.missing_months.join(', ') } };
    }
    if (comparisons.cpi_source === null) return { key: 'units.reason.noCpi' };
  }
  // In `missing`: no value on the range's first day; otherwise the series stops before its last day.
  return {
    key: comparisons.missing.includes(UNIT_SERIES[kind])
      ? 'units.reason.notCovered'
      : 'units.reason.endNotCovered',
  };
}

/**
 * Whether the chart can be drawn in a unit: nominal always; another when its series covers the range's first day
 * and some day of it has a portfolio figure. Null when it can, else why not.
 */
export function unitUnavailableReason(
  unit: ReturnUnit,
  comparisons: ReturnComparisons | undefined,
  points: readonly PerformancePoint[] | undefined,
): MissingReason | null {
  if (unit === 'nominal') return null;
  if (!comparisons) return { key: 'units.reason.notCovered' };
  const covered = (points ?? []).some((p) => pointInUnit(p, unit).portfolio !== null);
  if (covered && !comparisons.missing.includes(UNIT_SERIES[unit])) return null;
  return comparisonMissingReason(unit, { ...comparisons, [UNIT_FIELDS[unit].portfolio]: null }) ?? null;
}

/**
 * True when the range's CPI is carried forward from a month whose middle (where its figure stands) is not after the
 * range's first day: no published CPI falls inside the range, so its real return assumes no inflation at all.
 */
export function inflationUnmeasured(comparisons: ReturnComparisons, firstDate: string | undefined): boolean {
  if (comparisons.cpi_method !== 'carried-forward' || !comparisons.cpi_month || !firstDate) return false;
  return firstDate >= `${comparisons.cpi_month}-15`;
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
