// The units a portfolio's return is shown in (decision 0063): nominal lira, real lira (TÜFE-deflated), US dollars and
// gram gold; which fields of the overview carry each, when a unit cannot be shown and why, and how the CPI's month
// and source are named (the rules shared with the stock and index charts live in `@/lib/return-units`). Pure: the
// reasons are i18n keys of the shared namespace.
import type { PerformancePoint, ReturnComparisons } from '@bist/contracts';
import { UNIT_SERIES, unitMissingReason, type MissingReason } from '@/lib/return-units';

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

/** A point's two returns in a unit; null where the unit's series does not cover the day. */
export function pointInUnit(
  point: PerformancePoint,
  unit: ReturnUnit,
): { portfolio: number | null; benchmark: number | null } {
  const fields = UNIT_FIELDS[unit];
  return { portfolio: point[fields.portfolio], benchmark: point[fields.benchmark] };
}

/**
 * Why a comparison figure of the range is null, or null when it is there (the shared rules of `@/lib/return-units`;
 * the deposit's own: never loaded, or no rate on the range's first day).
 */
export function comparisonMissingReason(
  kind: Exclude<ReturnUnit, 'nominal'> | 'deposit',
  comparisons: ReturnComparisons,
): MissingReason | null {
  if (kind === 'deposit') {
    if (comparisons.deposit_percent !== null) return null;
    return {
      key: comparisons.deposit_source === null ? 'units.reason.noDeposit' : 'units.reason.notCovered',
    };
  }
  const value =
    kind === 'real'
      ? comparisons.real_percent
      : kind === 'usd'
        ? comparisons.usd_percent
        : comparisons.gold_percent;
  return unitMissingReason(kind, value, comparisons);
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
