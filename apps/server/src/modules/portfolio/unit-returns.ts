// The performance series measured in other units (decision 0063): real lira (TÜFE as the unit), US dollars and gram
// gold, for the portfolio's time-weighted return and for XU100; and the deposit benchmark over the same days. The
// definitions are `@bist/market`'s real-returns module; this file only lines the days up with the series.
import type { ReferenceSeriesCode, ReturnComparisons } from '@bist/contracts';
import {
  cpiOnDay,
  dailyValueOn,
  depositGrowth,
  missingMonths,
  returnInUnit,
  timeWeightedReturnsInUnit,
  type DailyPoint,
  type MonthlyPoint,
} from '@bist/market';
import { roundPercent } from '@/lib/money';
import type { PerformanceResult } from './performance.ts';

/** The reference series a comparison reads (the reference-series capability's `comparisonSeries`). */
export interface UnitSeries {
  cpi: MonthlyPoint[];
  cpiSource: string | null;
  usdTry: DailyPoint[];
  goldTryGram: DailyPoint[];
  depositRate: DailyPoint[];
  depositSource: string | null;
}

export type UnitName = 'real' | 'usd' | 'gold';

export interface UnitPointReturns {
  /** Per point of the performance series (same order), percent, null where the unit's series is missing. */
  portfolio: Record<UnitName, (number | null)[]>;
  benchmark: Record<UnitName, (number | null)[]>;
  comparisons: ReturnComparisons;
}

const UNIT_SERIES: Record<UnitName, ReferenceSeriesCode> = {
  real: 'TUFE',
  usd: 'USDTRY',
  gold: 'GOLD_TRY_GRAM',
};

/** A daily series older than this on a day does not price it (a stopped feed is not carried on). */
const MAX_DAILY_AGE_DAYS = 7;

const percent = (fraction: number | null | undefined) =>
  fraction === null || fraction === undefined ? null : roundPercent(fraction * 100);

/** The unit returns of a performance result; a unit whose series does not reach back to the anchor is missing. */
export function unitReturns(result: PerformanceResult, series: UnitSeries): UnitPointReturns {
  const { points, anchor } = result;
  const gaps = missingMonths(series.cpi);
  const cpiUsable = series.cpi.length > 0 && gaps.length === 0;
  const lastCpi = anchor && points.length > 0 && cpiUsable ? cpiOnDay(series.cpi, points.at(-1)!.date) : null;
  const priceOf: Record<UnitName, (date: string) => number | null> = {
    real: (date) => (cpiUsable ? (cpiOnDay(series.cpi, date)?.value ?? null) : null),
    usd: (date) => dailyValueOn(series.usdTry, date, MAX_DAILY_AGE_DAYS),
    gold: (date) => dailyValueOn(series.goldTryGram, date, MAX_DAILY_AGE_DAYS),
  };
  const empty = () => points.map(() => null);
  const portfolio: Record<UnitName, (number | null)[]> = { real: empty(), usd: empty(), gold: empty() };
  const benchmark: Record<UnitName, (number | null)[]> = { real: empty(), usd: empty(), gold: empty() };
  const missing: ReferenceSeriesCode[] = [];
  for (const unit of ['real', 'usd', 'gold'] as const) {
    const anchorPrice = anchor ? priceOf[unit](anchor.date) : null;
    if (!anchor || anchorPrice === null) {
      missing.push(UNIT_SERIES[unit]);
      continue;
    }
    const prices = points.map((p) => priceOf[unit](p.date));
    // Days are measured while the series covers them (a daily series carries its last value forward).
    const covered = prices.findIndex((p) => p === null);
    const upTo = covered === -1 ? points.length : covered;
    const twr = timeWeightedReturnsInUnit([
      { valueTry: anchor.valueTry, flowTry: 0, unitTry: anchorPrice },
      ...points
        .slice(0, upTo)
        .map((p, i) => ({ valueTry: p.valueTry, flowTry: p.netFlowTry, unitTry: prices[i]! })),
    ]).slice(1);
    portfolio[unit] = points.map((_, i) => percent(twr[i]));
    benchmark[unit] = points.map((p, i) =>
      i < upTo && p.benchmarkFraction !== null
        ? percent(returnInUnit(p.benchmarkFraction, prices[i]! / anchorPrice - 1))
        : null,
    );
  }
  const lastDate = points.at(-1)?.date;
  const deposit =
    anchor && lastDate && series.depositRate.length > 0
      ? depositGrowth(series.depositRate, anchor.date, lastDate)
      : null;
  if (deposit === null) missing.push('DEPOSIT_RATE');
  const last = (values: (number | null)[]) => values.at(-1) ?? null;
  return {
    portfolio,
    benchmark,
    comparisons: {
      real_percent: last(portfolio.real),
      usd_percent: last(portfolio.usd),
      gold_percent: last(portfolio.gold),
      deposit_percent: percent(deposit),
      benchmark_real_percent: last(benchmark.real),
      benchmark_usd_percent: last(benchmark.usd),
      benchmark_gold_percent: last(benchmark.gold),
      cpi_month: lastCpi?.month ?? null,
      cpi_method: lastCpi?.method ?? null,
      cpi_source: series.cpi.length > 0 ? series.cpiSource : null,
      deposit_source: series.depositRate.length > 0 ? series.depositSource : null,
      missing,
      missing_months: gaps,
    },
  };
}
