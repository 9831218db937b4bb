// A daily chart's change in other units (decision 0063): the stock or index page's nominal change from the range's
// first close to its last, also in US dollars and in real lira. The definitions are `@bist/market`'s real-returns
// module (the portfolio's too); this file only picks each end's unit price.
import type { RangeUnits, ReferenceSeriesCode } from '@bist/contracts';
import {
  cpiOnDay,
  dailyValueOn,
  missingMonths,
  returnInUnit,
  type DailyPoint,
  type MonthlyPoint,
} from '@bist/market';
import { roundPercent } from '@/lib/money';

/** The series a range's change reads (the reference-series capability's `comparisonSeries`). */
export interface RangeUnitSeries {
  cpi: MonthlyPoint[];
  cpiSource: string | null;
  usdTry: DailyPoint[];
  usdSource: string | null;
}

/** A close of the chart: its day (YYYY-MM-DD) and its value. */
export interface RangeEnd {
  date: string;
  close: number;
}

/** A daily series older than this on a day does not price it (the portfolio's rule). */
const MAX_DAILY_AGE_DAYS = 7;

const percent = (fraction: number) => roundPercent(fraction * 100);

/**
 * The change from `first` to `last` in nominal lira, in dollars ((1 + n) / (1 + ΔUSD/TRY) − 1) and in real lira
 * ((1 + n) / (1 + ΔTÜFE) − 1, each day's CPI interpolated between the months' middles or carried forward from the
 * latest month). A series without a value on the first day is listed in `missing`; a CPI with a gap is not used.
 */
export function rangeUnits(first: RangeEnd, last: RangeEnd, series: RangeUnitSeries): RangeUnits {
  const nominal = last.close / first.close - 1;
  const missing: ReferenceSeriesCode[] = [];
  const gaps = missingMonths(series.cpi);
  const cpiUsable = series.cpi.length > 0 && gaps.length === 0;
  const cpiFrom = cpiUsable ? cpiOnDay(series.cpi, first.date) : null;
  const cpiTo = cpiUsable ? cpiOnDay(series.cpi, last.date) : null;
  if (cpiFrom === null) missing.push('TUFE');
  const usdFrom = dailyValueOn(series.usdTry, first.date, MAX_DAILY_AGE_DAYS);
  const usdTo = dailyValueOn(series.usdTry, last.date, MAX_DAILY_AGE_DAYS);
  if (usdFrom === null) missing.push('USDTRY');
  return {
    from: first.date,
    to: last.date,
    nominal_percent: percent(nominal),
    real_percent: cpiFrom && cpiTo ? percent(returnInUnit(nominal, cpiTo.value / cpiFrom.value - 1)) : null,
    usd_percent:
      usdFrom !== null && usdTo !== null ? percent(returnInUnit(nominal, usdTo / usdFrom - 1)) : null,
    usd_try_from: usdFrom,
    usd_try_to: usdTo,
    cpi_month: cpiTo?.month ?? null,
    cpi_method: cpiTo?.method ?? null,
    cpi_source: series.cpi.length > 0 ? series.cpiSource : null,
    usd_source: series.usdTry.length > 0 ? series.usdSource : null,
    missing,
    missing_months: gaps,
  };
}
