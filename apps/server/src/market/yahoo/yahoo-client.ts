import YahooFinance from 'yahoo-finance2';
import { ExtendedCookieJar } from 'yahoo-finance2/lib/cookieJar';
import type { EngineLogger } from '@/market/engine.ts';

/** The fields of a yahoo-finance2 `quote` result the feed reads (the library validates and coerces them). */
export interface YahooQuote {
  symbol: string;
  quoteType: string;
  marketState: string;
  regularMarketTime?: Date;
  regularMarketPrice?: number;
  regularMarketOpen?: number;
  regularMarketDayHigh?: number;
  regularMarketDayLow?: number;
  regularMarketVolume?: number;
  regularMarketPreviousClose?: number;
  sharesOutstanding?: number;
  impliedSharesOutstanding?: number;
}

/** One row of a yahoo-finance2 `chart` result (return: 'array'); Yahoo leaves every field null on some days. */
export interface YahooChartRow {
  date: Date;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  volume: number | null;
  adjclose?: number | null;
}

/** A split or bonus issue from a chart's events: `numerator` new shares for `denominator` old ones on `date`. */
export interface YahooSplit {
  date: Date;
  numerator: number;
  denominator: number;
}

/** A cash dividend per share from a chart's events. */
export interface YahooDividend {
  date: Date;
  amount: number;
}

/** A daily chart: its rows (prices adjusted for splits as of the request) and the events in its period. */
export interface YahooChart {
  rows: YahooChartRow[];
  splits: YahooSplit[];
  dividends: YahooDividend[];
}

/** The two calls the feed makes; each is one HTTP request (plus the one-off cookie/crumb handshake before the first quote). */
export interface YahooClient {
  /** `GET /v7/finance/quote?symbols=A.IS,B.IS,…`: symbols Yahoo does not know are left out of the answer. */
  quote(yahooSymbols: readonly string[]): Promise<YahooQuote[]>;
  /**
   * `GET /v8/finance/chart/{symbol}?interval=1d&period1&period2&events=div|split|earn`: daily rows in [period1,
   * period2) and the splits and dividends in that period.
   */
  dailyChart(yahooSymbol: string, period1: Date, period2: Date): Promise<YahooChart>;
}

export interface YahooClientOptions {
  log: EngineLogger;
  /** Replaces the network (unit tests replay recorded responses through it). */
  fetch?: typeof fetch;
  /**
   * Sends every request that would go to a Yahoo host (https://*.yahoo.com) to this base URL instead, path and query
   * unchanged (MARKET_PROVIDER_URL: the local fake provider in tests and benches, or a caching proxy).
   */
  baseUrl?: string;
  /** Requests the library may have in flight at once. */
  concurrency?: number;
}

/**
 * The yahoo-finance2 v4 client (`new YahooFinance(options)`; there is no default instance any more) with its own
 * cookie jar, no npm version check (it would call the registry whenever a request fails), no survey notice, and its
 * console logging routed to ours.
 */
export function createYahooClient(options: YahooClientOptions): YahooClient {
  const { log } = options;
  const yahoo = new YahooFinance({
    cookieJar: new ExtendedCookieJar(),
    versionCheck: false,
    suppressNotices: ['yahooSurvey'],
    // The feed logs every failed call with its context; the library's own dump of schema errors would duplicate it.
    validation: { logErrors: false },
    queue: { concurrency: options.concurrency ?? 4 },
    logger: {
      info: (...args: unknown[]) => log.info({ yahoo: args }, 'yahoo-finance2'),
      warn: (...args: unknown[]) => log.warn({ yahoo: args }, 'yahoo-finance2'),
      error: (...args: unknown[]) => log.error({ yahoo: args }, 'yahoo-finance2'),
      // Debug output (cookie and crumb steps) is not needed in our logs.
      debug: () => undefined,
      dir: () => undefined,
    },
    ...(options.fetch || options.baseUrl
      ? { fetch: redirectedFetch(options.fetch ?? globalThis.fetch, options.baseUrl) }
      : {}),
  });
  return {
    async quote(yahooSymbols) {
      if (yahooSymbols.length === 0) return [];
      const quotes = await yahoo.quote([...yahooSymbols], { return: 'array' });
      return quotes.map((q) => pickQuote(q));
    },
    async dailyChart(yahooSymbol, period1, period2) {
      const result = await yahoo.chart(yahooSymbol, {
        period1,
        period2,
        interval: '1d',
        includePrePost: false,
        events: 'div|split|earn',
        return: 'array',
      });
      const splits = (result.events?.splits ?? [])
        .filter((e) => e.numerator > 0 && e.denominator > 0)
        .map((e) => ({ date: e.date, numerator: e.numerator, denominator: e.denominator }));
      const dividends = (result.events?.dividends ?? [])
        .filter((e) => e.amount > 0)
        .map((e) => ({ date: e.date, amount: e.amount }));
      return { rows: result.quotes, splits, dividends };
    },
  };
}

const YAHOO_ORIGIN = /^https:\/\/([a-z0-9-]+\.)*yahoo\.com(?=[/?]|$)/;

/** The URL a request for Yahoo goes to when a provider base URL is configured (unchanged without one). */
export function providerUrl(url: string, baseUrl: string | undefined): string {
  return baseUrl ? url.replace(YAHOO_ORIGIN, baseUrl) : url;
}

function redirectedFetch(inner: typeof fetch, baseUrl: string | undefined): typeof fetch {
  if (!baseUrl) return inner;
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    return inner(providerUrl(url, baseUrl), init);
  };
}

/** Copies the fields we read; the library's union type (ECN quotes lose their named fields to an `Omit`) needs this. */
function pickQuote(q: Record<string, unknown>): YahooQuote {
  const num = (key: keyof YahooQuote) => (typeof q[key] === 'number' ? q[key] : undefined);
  const quote: YahooQuote = {
    symbol: String(q.symbol),
    quoteType: String(q.quoteType),
    marketState: String(q.marketState),
  };
  if (q.regularMarketTime instanceof Date) quote.regularMarketTime = q.regularMarketTime;
  for (const key of [
    'regularMarketPrice',
    'regularMarketOpen',
    'regularMarketDayHigh',
    'regularMarketDayLow',
    'regularMarketVolume',
    'regularMarketPreviousClose',
    'sharesOutstanding',
    'impliedSharesOutstanding',
  ] as const) {
    const value = num(key);
    if (value !== undefined) quote[key] = value;
  }
  return quote;
}
