import { readFileSync } from 'node:fs';
import { INDICES, addCalendarDays, istanbulInstant, tradingDaysBetween, istanbulDate } from '@bist/market';

/**
 * Test support: answers yahoo-finance2 from the recorded responses in test/fixtures/yahoo instead of the network (the
 * cookie/crumb handshake, /v7/finance/quote and /v8/finance/chart), and can be told to fail. Quote answers are
 * filtered to the symbols asked for, as Yahoo does. Requests are told apart by their path alone, so the same answers
 * serve `fetch` in unit tests and the local fake provider over HTTP (test/fake-provider).
 */
const FIXTURES = new URL('../../../test/fixtures/yahoo/', import.meta.url);

export type ReplayFailure = number | 'network';

export function readYahooFixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as unknown;
}

export class YahooReplay {
  /** Recorded quote response the quote endpoint answers from. */
  quoteFixture = 'quote-session.json';
  /** Failures for the next API requests (quote and chart), one per request, before normal answers resume. */
  readonly failNext: ReplayFailure[] = [];
  /** Fails the API requests it returns a failure for (e.g. the chart of one symbol). */
  failIf: ((url: string) => ReplayFailure | null) | null = null;
  /** While set, every request (handshake included) fails this way. */
  down: ReplayFailure | null = null;
  /** URLs of the quote and chart requests that reached the fake network (failed ones included). */
  readonly apiRequests: string[] = [];
  handshakes = 0;

  readonly fetch: typeof fetch = (input, _init) =>
    Promise.resolve().then(() => this.answer(String(input instanceof Request ? input.url : input)));

  /**
   * Splits added to the recorded charts' events (the recordings carry none): what a server backfilling from the fake
   * provider stores and offers to holders (the e2e's split offers). The recorded prices are left as they are.
   */
  recordedSplits: readonly SyntheticSplit[] = [];

  /** Charts asked for whose symbol has no recording are answered with this recording instead (null: 404 as Yahoo). */
  chartFallback: string | null = null;

  /**
   * Multi-year history for benches and the backfill tests: every chart request is answered over the period it asks
   * for with bars made up from the symbol and the day alone (the same bar whatever period is asked; see
   * `syntheticBar`), every BIST trading day. Indices not in `indices` are answered 404 as Yahoo does for an index it
   * does not publish. Test data only, never shown as market data.
   */
  syntheticHistory: {
    indices: ReadonlySet<string>;
    /**
     * Splits answered as Yahoo does: in the chart's events when in the period asked for, with prices adjusted for
     * them (the made-up bars are continuous across a split, as Yahoo's adjusted prices are).
     */
    splits?: readonly SyntheticSplit[];
    /**
     * Splits Yahoo does not report yet (a split after the answers a server has already stored): no event, and the
     * prices before their date are the unadjusted ones (the ratio higher). Moving one to `splits` is Yahoo hearing of
     * it.
     */
    unreported?: readonly SyntheticSplit[];
    /**
     * While set, quote requests are answered for every symbol asked for with this day's made-up bar after its close
     * (previous close: the day before's, adjusted as the charts are), as Yahoo answers the daily update.
     */
    quotesOn?: string;
  } | null = null;

  quoteRequests(): string[][] {
    return this.apiRequests
      .filter((u) => u.includes('/v7/finance/quote'))
      .map((u) => (new URL(u).searchParams.get('symbols') ?? '').split(','));
  }

  chartRequests(): string[] {
    return this.apiRequests
      .filter((u) => u.includes('/v8/finance/chart/'))
      .map((u) => decodeURIComponent(new URL(u).pathname.split('/').pop() ?? ''));
  }

  /** The answer to a request for `url` (any origin: only the path and query are read). */
  answer(url: string): Response {
    if (this.down !== null) {
      if (isApi(url)) this.apiRequests.push(url);
      return failWith(this.down);
    }
    const path = new URL(url).pathname;
    if (path.startsWith('/quote/')) {
      this.handshakes += 1;
      return new Response('<html><body>Yahoo Finance</body></html>', {
        status: 200,
        headers: {
          'set-cookie':
            'A3=d=AQABBKx0fmkCEE; Expires=Sun, 21 Nov 2027 15:00:00 GMT; Max-Age=31557600; Domain=.yahoo.com; Path=/; SameSite=None; Secure; HttpOnly',
        },
      });
    }
    if (path === '/v1/test/getcrumb') return new Response('hZ3uEo.Bq2x', { status: 200 });
    if (!isApi(url)) return new Response('Not Found', { status: 404 });
    this.apiRequests.push(url);
    const failure = this.failNext.shift() ?? this.failIf?.(url) ?? undefined;
    if (failure !== undefined) return failWith(failure);
    const parsed = new URL(url);
    if (parsed.pathname.startsWith('/v7/finance/quote')) {
      const wanted = new Set((parsed.searchParams.get('symbols') ?? '').split(','));
      if (this.syntheticHistory?.quotesOn)
        return json(syntheticQuotes([...wanted], this.syntheticHistory.quotesOn, this.syntheticHistory), 200);
      const recorded = readYahooFixture(this.quoteFixture) as {
        quoteResponse: { result: { symbol: string }[]; error: null };
      };
      const result = recorded.quoteResponse.result.filter((q) => wanted.has(q.symbol));
      return json({ quoteResponse: { result, error: null } }, 200);
    }
    const symbol = decodeURIComponent(parsed.pathname.split('/').pop() ?? '');
    if (this.syntheticHistory) {
      const chart = syntheticChart(symbol, parsed.searchParams, this.syntheticHistory);
      return chart ? json(chart, 200) : json(readYahooFixture('chart-not-found.json'), 404);
    }
    if (!chartRecording(symbol) && REFERENCE_SYMBOLS.has(symbol))
      return json(referenceChart(symbol, parsed.searchParams), 200);
    const recorded = chartRecording(symbol) ?? (this.chartFallback && chartRecording(this.chartFallback));
    // No recording for this symbol: answer as Yahoo does for a symbol it does not know.
    if (!recorded) return json(readYahooFixture('chart-not-found.json'), 404);
    return json(withSplits(renamedChart(recorded, symbol), symbol, this.recordedSplits), 200);
  }
}

function chartRecording(yahooSymbol: string): unknown {
  try {
    return readYahooFixture(`chart-${yahooSymbol}.json`);
  } catch {
    return null;
  }
}

/** A recorded chart answered for `symbol` (the same recording, its meta naming the symbol asked for). */
function renamedChart(recorded: unknown, symbol: string): unknown {
  const chart = recorded as { chart: { result: { meta: Record<string, unknown> }[] } };
  return {
    chart: {
      ...chart.chart,
      result: chart.chart.result.map((r) => ({ ...r, meta: { ...r.meta, symbol } })),
    },
  };
}

/** A chart answer with `splits` of `yahooSymbol` in its events, as Yahoo sends them. */
function withSplits(chart: unknown, yahooSymbol: string, splits: readonly SyntheticSplit[]): unknown {
  const mine = splits.filter((s) => `${s.symbol}.IS` === yahooSymbol);
  if (mine.length === 0) return chart;
  const answer = chart as { chart: { result: Record<string, unknown>[] } };
  return {
    chart: {
      ...answer.chart,
      result: answer.chart.result.map((r) => ({
        ...r,
        events: { ...(r.events ?? {}), splits: splitEvents(mine) },
      })),
    },
  };
}

/** Yahoo's `events.splits` object for these splits (keyed by the epoch second of the split day's 10:00). */
function splitEvents(splits: readonly SyntheticSplit[]): Record<string, unknown> {
  return Object.fromEntries(
    splits.map((s) => {
      const at = Math.floor(istanbulInstant(s.date, 10 * 60).getTime() / 1000);
      return [
        String(at),
        {
          date: at,
          numerator: s.numerator,
          denominator: s.denominator,
          splitRatio: `${String(s.numerator)}:${String(s.denominator)}`,
        },
      ];
    }),
  );
}

const INDEX_CODES = new Set(INDICES.map((i) => i.code));

/** 32-bit FNV-1a of a string, as a number in [0, 1). */
function unit(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 2 ** 32;
}

/** A made-up bar of `symbol` on `date`: a function of the two alone, so any period asked for gives the same bars. */
export function syntheticBar(
  symbol: string,
  date: string,
): { open: number; high: number; low: number; close: number; volume: number } {
  const index = INDEX_CODES.has(symbol.replace(/\.IS$/, ''));
  const base = index ? 5_000 + unit(symbol) * 15_000 : 5 + unit(symbol) * 400;
  const day = Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
  const wave =
    0.25 * Math.sin(day / 45 + unit(`${symbol}#`) * 6.28) + 0.05 * (unit(`${symbol}|${date}`) - 0.5);
  const close = Math.round(base * Math.exp(wave) * 100) / 100;
  const open = Math.round(close * (1 + 0.01 * (unit(`${date}|${symbol}`) - 0.5)) * 100) / 100;
  const spread = 0.005 + 0.01 * unit(`${symbol}~${date}`);
  return {
    open,
    close,
    high: Math.round(Math.max(open, close) * (1 + spread) * 100) / 100,
    low: Math.round(Math.min(open, close) * (1 - spread) * 100) / 100,
    volume: index ? 0 : Math.round(100_000 + unit(`${symbol}v${date}`) * 5_000_000),
  };
}

export interface SyntheticSplit {
  symbol: string;
  date: string;
  numerator: number;
  denominator: number;
}

/**
 * The bar Yahoo answers for `date`: the made-up bars stand for prices adjusted for every split it reports (raw prices
 * before a split are its ratio higher); before a split it does not report yet, the raw price.
 */
function answeredBar(
  yahooSymbol: string,
  date: string,
  history: NonNullable<YahooReplay['syntheticHistory']>,
): ReturnType<typeof syntheticBar> {
  const bar = syntheticBar(yahooSymbol, date);
  const code = yahooSymbol.replace(/\.IS$/, '');
  const ratio = (history.unreported ?? [])
    .filter((s) => s.symbol === code && date < s.date)
    .reduce((r, s) => r * (s.numerator / s.denominator), 1);
  if (ratio === 1) return bar;
  const raw = (x: number) => Math.round(x * ratio * 100) / 100;
  return {
    open: raw(bar.open),
    high: raw(bar.high),
    low: raw(bar.low),
    close: raw(bar.close),
    volume: Math.round(bar.volume / ratio),
  };
}

/** Yahoo's quote answer after the close of `date` for the symbols asked for, made of synthetic bars. */
function syntheticQuotes(
  yahooSymbols: readonly string[],
  date: string,
  history: NonNullable<YahooReplay['syntheticHistory']>,
): unknown {
  const recorded = readYahooFixture('quote-closed.json') as { quoteResponse: { result: object[] } };
  const template = recorded.quoteResponse.result[0]!;
  const previous = tradingDaysBetween(addCalendarDays(date, -10), addCalendarDays(date, -1)).at(-1)!;
  const result = yahooSymbols
    .filter((symbol) => {
      const code = symbol.replace(/\.IS$/, '');
      return symbol.endsWith('.IS') && (!INDEX_CODES.has(code) || history.indices.has(code));
    })
    .map((symbol) => {
      const bar = answeredBar(symbol, date, history);
      return {
        ...template,
        symbol,
        quoteType: INDEX_CODES.has(symbol.replace(/\.IS$/, '')) ? 'INDEX' : 'EQUITY',
        marketState: 'CLOSED',
        regularMarketTime: Math.floor(istanbulInstant(date, 18 * 60 + 10).getTime() / 1000),
        regularMarketPrice: bar.close,
        regularMarketOpen: bar.open,
        regularMarketDayHigh: bar.high,
        regularMarketDayLow: bar.low,
        regularMarketVolume: bar.volume,
        regularMarketPreviousClose: answeredBar(symbol, previous, history).close,
      };
    });
  return { quoteResponse: { result, error: null } };
}

/** Yahoo's chart answer for [period1, period2) made of synthetic bars (null: a symbol Yahoo would not know). */
function syntheticChart(
  yahooSymbol: string,
  query: URLSearchParams,
  history: NonNullable<YahooReplay['syntheticHistory']>,
): unknown {
  const code = yahooSymbol.replace(/\.IS$/, '');
  if (INDEX_CODES.has(code) && !history.indices.has(code)) return null;
  const from = new Date(Number(query.get('period1') ?? 0) * 1000);
  const to = new Date(Number(query.get('period2') ?? 0) * 1000 - 1);
  const days = tradingDaysBetween(istanbulDate(from), istanbulDate(to));
  const splits = (history.splits ?? []).filter((s) => s.symbol === code);
  const bars = days.map((d) => answeredBar(yahooSymbol, d, history));
  const inPeriod = splits.filter((s) => days.includes(s.date));
  const events = inPeriod.length > 0 ? { splits: splitEvents(inPeriod) } : undefined;
  const recorded = readYahooFixture('chart-THYAO.IS.json') as {
    chart: { result: { meta: Record<string, unknown> }[] };
  };
  const last = bars[bars.length - 1];
  return {
    chart: {
      result: [
        {
          meta: {
            ...recorded.chart.result[0]!.meta,
            symbol: yahooSymbol,
            instrumentType: INDEX_CODES.has(code) ? 'INDEX' : 'EQUITY',
            regularMarketPrice: last?.close ?? 1,
          },
          timestamp: days.map((d) => Math.floor(istanbulInstant(d, 10 * 60).getTime() / 1000)),
          indicators: {
            quote: [
              {
                open: bars.map((b) => b.open),
                high: bars.map((b) => b.high),
                low: bars.map((b) => b.low),
                close: bars.map((b) => b.close),
                volume: bars.map((b) => b.volume),
              },
            ],
            adjclose: [{ adjclose: bars.map((b) => b.close) }],
          },
          ...(events ? { events } : {}),
        },
      ],
      error: null,
    },
  };
}

/** The provider's FX and gold symbols the reference series are filled from (decision 0063). */
const REFERENCE_SYMBOLS = new Set(['USDTRY=X', 'EURTRY=X', 'GC=F']);

/**
 * A made-up value of an FX or gold symbol on a day (test data, never shown as market data): a function of the
 * symbol and the day alone, so any period asked for gives the same values — USD/TRY rising about 30 % a year from
 * 43 at the start of 2026, EUR/TRY 1.16 times it, gold (USD per troy ounce) rising about 10 % a year from 4,000.
 */
export function syntheticReferenceValue(symbol: string, date: string): number {
  const day = Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000) - 20_454;
  const wave = 0.01 * Math.sin(day / 9 + unit(symbol) * 6.28);
  const usd = 43 * Math.exp((day * 0.3) / 365 + wave);
  if (symbol === 'USDTRY=X') return Math.round(usd * 10_000) / 10_000;
  if (symbol === 'EURTRY=X') return Math.round(usd * 1.16 * 10_000) / 10_000;
  return Math.round(4_000 * Math.exp((day * 0.1) / 365 + 2 * wave) * 10) / 10;
}

/** Yahoo's daily chart of an FX or gold symbol over [period1, period2), weekdays (FX and COMEX do not trade at weekends). */
function referenceChart(symbol: string, query: URLSearchParams): unknown {
  const from = Number(query.get('period1') ?? 0) * 1000;
  const to = Number(query.get('period2') ?? 0) * 1000;
  const timestamps: number[] = [];
  const closes: number[] = [];
  for (let t = Math.floor(from / 86_400_000) * 86_400_000; t < to; t += 86_400_000) {
    const weekday = new Date(t).getUTCDay();
    if (weekday === 0 || weekday === 6 || t < from) continue;
    const date = new Date(t).toISOString().slice(0, 10);
    // FX bars are stamped at midnight UTC, COMEX gold at 05:00 UTC (midnight in New York): both the same Istanbul day.
    timestamps.push(Math.floor(t / 1000) + (symbol === 'GC=F' ? 5 * 3600 : 0));
    closes.push(syntheticReferenceValue(symbol, date));
  }
  const gold = symbol === 'GC=F';
  const recorded = readYahooFixture('chart-THYAO.IS.json') as {
    chart: { result: { meta: Record<string, unknown> }[] };
  };
  return {
    chart: {
      result: [
        {
          meta: {
            ...recorded.chart.result[0]!.meta,
            currency: gold ? 'USD' : 'TRY',
            symbol,
            instrumentType: gold ? 'FUTURE' : 'CURRENCY',
            regularMarketPrice: closes.at(-1) ?? 1,
          },
          timestamp: timestamps,
          indicators: {
            quote: [{ open: closes, high: closes, low: closes, close: closes, volume: closes.map(() => 0) }],
            adjclose: [{ adjclose: closes }],
          },
        },
      ],
      error: null,
    },
  };
}

function isApi(url: string): boolean {
  return url.includes('/v7/finance/quote') || url.includes('/v8/finance/chart/');
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json;charset=utf-8' },
  });
}

function failWith(failure: ReplayFailure): Response {
  if (failure === 'network')
    throw new TypeError('fetch failed', {
      cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    });
  return new Response(
    failure === 429 ? 'Too Many Requests\r\n' : '<html><body>Service Unavailable</body></html>',
    { status: failure },
  );
}
