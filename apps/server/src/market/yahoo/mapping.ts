import { istanbulDate, isTradingDay, roundToTick, type DailyBar } from '@bist/market';
import type { CorporateAction, LiveSnapshot } from '@/market/feed.ts';
import type { YahooChart, YahooChartRow, YahooQuote } from './yahoo-client.ts';

/** Yahoo lists Borsa Istanbul equities and indices with the exchange suffix `.IS`. */
const ISTANBUL_SUFFIX = '.IS';

/** BIST 100 as Yahoo publishes it: asked with every quote refresh (the health report names its level). */
export const YAHOO_XU100 = 'XU100.IS';

export function yahooSymbolOf(symbol: string): string {
  return `${symbol}${ISTANBUL_SUFFIX}`;
}

export function bistSymbolOf(yahooSymbol: string): string {
  return yahooSymbol.endsWith(ISTANBUL_SUFFIX) ? yahooSymbol.slice(0, -ISTANBUL_SUFFIX.length) : yahooSymbol;
}

/** Open, high, low and close on BIST ticks, with the high and low widened to contain the other two after rounding. */
function onTicks(
  open: number,
  high: number,
  low: number,
  close: number,
): Pick<DailyBar, 'openTry' | 'highTry' | 'lowTry' | 'closeTry'> {
  const openTry = roundToTick(open);
  const closeTry = roundToTick(close);
  return {
    openTry,
    closeTry,
    highTry: Math.max(roundToTick(high), openTry, closeTry),
    lowTry: Math.min(roundToTick(low), openTry, closeTry),
  };
}

/** An index level's open, high, low and close to two decimals (index levels have no tick). */
function onCents(
  open: number,
  high: number,
  low: number,
  close: number,
): Pick<DailyBar, 'openTry' | 'highTry' | 'lowTry' | 'closeTry'> {
  const cents = (x: number) => Math.round(x * 100) / 100;
  const openTry = cents(open);
  const closeTry = cents(close);
  return {
    openTry,
    closeTry,
    highTry: Math.max(cents(high), openTry, closeTry),
    lowTry: Math.min(cents(low), openTry, closeTry),
  };
}

const positive = (x: number | null | undefined): x is number =>
  typeof x === 'number' && Number.isFinite(x) && x > 0;

/**
 * A quote as the snapshot of the session of `instant`'s Istanbul date. Yahoo's BIST prices are floats near the tick
 * (347.2500061…) and come about 15 minutes late; a stock whose last trade is from an earlier day has not traded today
 * yet, so it stands unchanged at that last price with no volume. Undefined when Yahoo has no price.
 */
export function quoteToSnapshot(quote: YahooQuote, instant: Date): LiveSnapshot | undefined {
  const price = quote.regularMarketPrice;
  if (!positive(price)) return undefined;
  const symbol = bistSymbolOf(quote.symbol);
  // An index level (XU100.IS…) has no tick: two decimals.
  const isIndex = quote.quoteType === 'INDEX';
  const round = isIndex ? (x: number) => Math.round(x * 100) / 100 : (x: number) => roundToTick(x);
  const tradedToday =
    quote.regularMarketTime !== undefined && istanbulDate(quote.regularMarketTime) === istanbulDate(instant);
  if (!tradedToday) {
    const last = round(price);
    return {
      symbol,
      priceTry: last,
      openTry: last,
      highTry: last,
      lowTry: last,
      volumeShares: 0,
      previousCloseTry: last,
      ...(quote.regularMarketTime ? { asOf: quote.regularMarketTime } : {}),
    };
  }
  const previous = quote.regularMarketPreviousClose;
  if (!positive(previous)) return undefined;
  const open = positive(quote.regularMarketOpen) ? quote.regularMarketOpen : price;
  const bar = (isIndex ? onCents : onTicks)(
    open,
    positive(quote.regularMarketDayHigh) ? quote.regularMarketDayHigh : Math.max(open, price),
    positive(quote.regularMarketDayLow) ? quote.regularMarketDayLow : Math.min(open, price),
    price,
  );
  return {
    symbol,
    priceTry: bar.closeTry,
    openTry: bar.openTry,
    highTry: bar.highTry,
    lowTry: bar.lowTry,
    volumeShares: Math.max(0, Math.round(quote.regularMarketVolume ?? 0)),
    previousCloseTry: round(previous),
    ...(quote.regularMarketTime ? { asOf: quote.regularMarketTime } : {}),
  };
}

/** The finished day's bar from a quote taken after the close, when the quote's last trade is on `date`. */
export function quoteToDailyBar(quote: YahooQuote, date: string): DailyBar | undefined {
  const snapshot =
    quote.regularMarketTime && istanbulDate(quote.regularMarketTime) === date
      ? quoteToSnapshot(quote, quote.regularMarketTime)
      : undefined;
  if (!snapshot) return undefined;
  return {
    date,
    openTry: snapshot.openTry,
    highTry: snapshot.highTry,
    lowTry: snapshot.lowTry,
    closeTry: snapshot.priceTry,
    volumeShares: snapshot.volumeShares,
  };
}

export interface ChartMapping {
  bars: DailyBar[];
  /** Rows left out: Yahoo's all-null rows, rows on days the BIST calendar says were closed, rows outside the range. */
  skippedRows: number;
}

/**
 * Daily bars from Yahoo chart rows, one per Istanbul trading day in [fromDate, toDate]. We keep Yahoo's `close`
 * (adjusted for splits and bonus issues, not for dividends) with the matching open/high/low, and ignore `adjclose`
 * (also dividend-adjusted): mixing the two would put closes outside their own high–low range, and the live quote's
 * previous close, which the day's change is measured against, is the unadjusted figure.
 */
export function chartRowsToDailyBars(
  rows: readonly YahooChartRow[],
  fromDate: string,
  toDate: string,
  kind: 'stock' | 'index' = 'stock',
): ChartMapping {
  const byDate = new Map<string, DailyBar>();
  let skippedRows = 0;
  for (const row of rows) {
    const date = istanbulDate(row.date);
    const { open, high, low, close } = row;
    if (
      !positive(open) ||
      !positive(high) ||
      !positive(low) ||
      !positive(close) ||
      date < fromDate ||
      date > toDate ||
      !isTradingDay(date)
    ) {
      skippedRows += 1;
      continue;
    }
    // A later row of the same day (Yahoo appends the running session with the current time) replaces the earlier one.
    if (byDate.has(date)) skippedRows += 1;
    byDate.set(date, {
      date,
      ...(kind === 'index' ? onCents(open, high, low, close) : onTicks(open, high, low, close)),
      volumeShares: Math.max(0, Math.round(row.volume ?? 0)),
    });
  }
  return { bars: [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date)), skippedRows };
}

/** The splits and dividends of a chart's events dated in [fromDate, toDate] (Istanbul days). */
export function chartActions(chart: YahooChart, fromDate: string, toDate: string): CorporateAction[] {
  const inRange = (date: string) => date >= fromDate && date <= toDate;
  return [
    ...chart.splits.map((e) => ({
      kind: 'split' as const,
      date: istanbulDate(e.date),
      numerator: e.numerator,
      denominator: e.denominator,
    })),
    ...chart.dividends.map((e) => ({
      kind: 'dividend' as const,
      date: istanbulDate(e.date),
      amountTry: e.amount,
    })),
  ].filter((a) => inRange(a.date));
}
