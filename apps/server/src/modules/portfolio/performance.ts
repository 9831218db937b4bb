// Daily portfolio values and the time-weighted return, from a valid ledger and daily closes. Pure.
//
// Value of a day = cash + Σ shares × close, after every transaction dated on or before that day; a symbol without
// a close on that day keeps its last close (holidays, gaps), and before its first known close it is valued at its
// last trade price in the ledger.
//
// Time-weighted return: the range is cut into daily sub-periods. Deposits and withdrawals dated on a day are external
// flows at the START of that day, so the day's return is r = V_day / (V_prev + F_day) − 1 and
// TWR = Π (1 + r) − 1. Dividends and fees are not flows: they are part of the return. A day without capital
// (V_prev + F_day ≤ 0) contributes nothing.
//
// Benchmark: XU100's return between the same days (close of the anchor day to close of each day), and
// `benchmark_value`: what the account would be worth had every flow gone into XU100 instead, with the same
// start-of-day convention: B_day = (B_prev + F_day) × X_day / X_prev, starting from the anchor value (with no
// flows this is the index normalised to the portfolio's start value).
import type { DailyClose } from '@/market/market-data';
import { isViolation, ledgerApply, ledgerCreateState, type LedgerTransaction } from './ledger.ts';
import { MONEY_EPSILON_TRY } from '@/lib/money';

export interface PerformanceInput {
  /** The whole ledger, sorted in replay order and valid. */
  transactions: readonly LedgerTransaction[];
  /** Ascending days. The first is the anchor (the day before the range) and is not emitted as a point. */
  dates: readonly string[];
  /** Daily closes per symbol, ascending, from before the anchor where possible. */
  closes: ReadonlyMap<string, readonly DailyClose[]>;
  benchmarkCloses: readonly DailyClose[];
  /** Live prices for `live.date` (today): override closes on that day, or add it as the last day. */
  live?: { date: string; pricesTry: ReadonlyMap<string, number>; benchmarkTry: number | null } | undefined;
}

export interface PerformanceSeriesPoint {
  date: string;
  valueTry: number;
  netFlowTry: number;
  benchmarkValueTry: number | null;
  twrFraction: number;
  benchmarkFraction: number | null;
}

export interface PerformanceResult {
  points: PerformanceSeriesPoint[];
  /** TWR over the whole range as a fraction; null when the range holds no capital. */
  twrFraction: number | null;
  benchmarkFraction: number | null;
  /** The day before the first point, which the returns start from (null without points). */
  anchor: { date: string; valueTry: number; indexLevel: number | null } | null;
}

/** Looks up the close on or before a day, walking forward only (days are visited in ascending order). */
class CarryForward {
  private index = -1;
  constructor(private readonly closes: readonly DailyClose[]) {}
  at(date: string): number | undefined {
    while (this.index + 1 < this.closes.length && this.closes[this.index + 1]!.date <= date) this.index += 1;
    return this.index >= 0 ? this.closes[this.index]!.closeTry : undefined;
  }
}

/** Values, flows and index level per day, before any return is computed. */
export interface DailyValues {
  days: string[];
  valuesTry: number[];
  flowsTry: number[];
  index: (number | undefined)[];
}

/** The expensive part (a replay over the days): cacheable while the ledger and the closes stay the same. */
export function performanceDailyValues(input: Omit<PerformanceInput, 'live'>): DailyValues {
  return dailyValues(input);
}

/**
 * Today's point at live prices on top of cached daily values: replaces the last day when it is `date`, else
 * appends it. `flowTry` is the net external flow dated after the last cached day.
 */
export function performanceWithLive(
  daily: DailyValues,
  live: { date: string; valueTry: number; flowTry: number; benchmarkTry: number | null },
): DailyValues {
  const last = daily.days.length - 1;
  const benchmark = live.benchmarkTry ?? daily.index[last];
  if (last >= 0 && daily.days[last] === live.date) {
    return {
      days: daily.days,
      valuesTry: [...daily.valuesTry.slice(0, last), live.valueTry],
      flowsTry: daily.flowsTry,
      index: [...daily.index.slice(0, last), benchmark],
    };
  }
  return {
    days: [...daily.days, live.date],
    valuesTry: [...daily.valuesTry, live.valueTry],
    flowsTry: [...daily.flowsTry, live.flowTry],
    index: [...daily.index, benchmark],
  };
}

export function performanceSeries(input: PerformanceInput): PerformanceResult {
  return performanceReturns(dailyValues(input));
}

function dailyValues(input: PerformanceInput): DailyValues {
  const days = [...input.dates];
  const live = input.live;
  if (live && (days.length === 0 || days[days.length - 1]! < live.date)) days.push(live.date);

  const state = ledgerCreateState();
  const lastTradePriceTry = new Map<string, number>();
  const lookups = new Map<string, CarryForward>();
  const lookup = (symbol: string) => {
    let found = lookups.get(symbol);
    if (!found) {
      found = new CarryForward(input.closes.get(symbol) ?? []);
      lookups.set(symbol, found);
    }
    return found;
  };
  const benchmark = new CarryForward(input.benchmarkCloses);

  const values: number[] = [];
  const flows: number[] = [];
  const index: (number | undefined)[] = [];
  let next = 0;
  for (const day of days) {
    let flowTry = 0;
    while (next < input.transactions.length && input.transactions[next]!.tradeDate <= day) {
      const tx = input.transactions[next]!;
      // The ledger was validated under the investor's cash rule; only its arithmetic is needed here.
      if (isViolation(ledgerApply(state, tx, { allowNegativeCash: true })))
        throw new Error(`performanceSeries needs a valid ledger (transaction ${tx.id})`);
      if (tx.type === 'deposit') flowTry += tx.amountTry ?? 0;
      if (tx.type === 'withdraw') flowTry -= tx.amountTry ?? 0;
      if ((tx.type === 'buy' || tx.type === 'sell') && tx.symbol && tx.priceTry)
        lastTradePriceTry.set(tx.symbol, tx.priceTry);
      next += 1;
    }
    const isLive = live !== undefined && day === live.date;
    let valueTry = state.cashTry;
    for (const position of state.positions.values()) {
      const closeTry = lookup(position.symbol).at(day);
      const priceTry =
        (isLive ? live.pricesTry.get(position.symbol) : undefined) ??
        closeTry ??
        lastTradePriceTry.get(position.symbol) ??
        0;
      valueTry += position.quantity * priceTry;
    }
    const benchmarkClose = benchmark.at(day);
    values.push(valueTry);
    flows.push(flowTry);
    const liveIndex = isLive && live.benchmarkTry !== null ? live.benchmarkTry : undefined;
    index.push(liveIndex ?? benchmarkClose);
  }
  return { days, valuesTry: values, flowsTry: flows, index };
}

/** TWR and benchmark from daily values; the first day is the anchor. O(days). */
export function performanceReturns(daily: DailyValues): PerformanceResult {
  const { days, valuesTry: values, flowsTry: flows, index } = daily;
  // Start where the investor started: drop leading empty days, keeping one empty day as the anchor.
  let anchor = 0;
  while (
    anchor + 1 < days.length &&
    Math.abs(values[anchor + 1]!) <= MONEY_EPSILON_TRY &&
    flows[anchor + 1] === 0
  )
    anchor += 1;
  if (days.length < 2) return { points: [], twrFraction: null, benchmarkFraction: null, anchor: null };

  const baseIndex = index[anchor] ?? index.slice(anchor).find((x) => x !== undefined);
  const points: PerformanceSeriesPoint[] = [];
  let growth = 1;
  let hadCapital = false;
  let benchmarkValue: number | null = baseIndex !== undefined ? values[anchor]! : null;
  let previousIndex = baseIndex;
  for (let k = anchor + 1; k < days.length; k++) {
    const baseTry = values[k - 1]! + flows[k]!;
    if (baseTry > MONEY_EPSILON_TRY) {
      growth *= values[k]! / baseTry;
      hadCapital = true;
    }
    const x = index[k];
    let benchmarkFraction: number | null = null;
    if (baseIndex !== undefined && x !== undefined && previousIndex !== undefined) {
      benchmarkValue = ((benchmarkValue ?? 0) + flows[k]!) * (x / previousIndex);
      benchmarkFraction = x / baseIndex - 1;
      previousIndex = x;
    }
    points.push({
      date: days[k]!,
      valueTry: values[k]!,
      netFlowTry: flows[k]!,
      benchmarkValueTry: benchmarkFraction === null ? null : benchmarkValue,
      twrFraction: growth - 1,
      benchmarkFraction,
    });
  }
  const last = points[points.length - 1];
  return {
    points,
    twrFraction: hadCapital ? growth - 1 : null,
    benchmarkFraction: last?.benchmarkFraction ?? null,
    anchor: { date: days[anchor]!, valueTry: values[anchor]!, indexLevel: baseIndex ?? null },
  };
}
