import {
  addCalendarDays,
  istanbulDate,
  istanbulInstant,
  isTradingDay,
  previousTradingDay,
  sessionPhasesOn,
  tradingDaysBetween,
  type DailyBar,
} from '@bist/market';
import type { ComponentHealth } from '@/lib/health';
import type { Clock } from '@/lib/clock';
import type { EngineLogger } from './engine.ts';
import type {
  CorporateAction,
  DailyUpdate,
  FeedProvider,
  LiveSnapshot,
  StoredClose,
  SymbolHistory,
} from './feed.ts';
import type { MarketRepository } from './market.repository.ts';
import { lastCompletedTradingDay as lastCompletedDay } from './trading-day.ts';
import { YahooCallGuard } from './yahoo/call-guard.ts';
import { ChartHistory, isNoDataError } from './yahoo/chart-history.ts';
import {
  chartActions,
  chartRowsToDailyBars,
  quoteToDailyBar,
  quoteToSnapshot,
  bistSymbolOf,
  yahooSymbolOf,
  YAHOO_XU100,
} from './yahoo/mapping.ts';
import {
  YAHOO_FEED_SETTINGS,
  YAHOO_HISTORY_YEARS,
  YahooDataNotFinalError,
  type YahooFeedSettings,
} from './yahoo/settings.ts';
import { createYahooClient, type YahooClient, type YahooQuote } from './yahoo/yahoo-client.ts';

export interface YahooFeedOptions {
  client: YahooClient;
  clock: Clock;
  log: EngineLogger;
  historyStartDate: string;
  settings?: Partial<YahooFeedSettings>;
  /** Waits between retries and for the per-minute budget; tests pass one that only moves their clock. */
  sleep?: (durationMs: number) => Promise<void>;
  /** Jitter source in [0, 1); seeded in tests. */
  random?: () => number;
}

/** What tests may set of a Yahoo feed built by createYahooFeed: its settings, waits and jitter. */
export type YahooFeedTuning = Pick<YahooFeedOptions, 'settings' | 'sleep' | 'random'>;

/**
 * How far a stock's quoted previous close may be from its stored close before the daily update asks its chart for
 * corporate actions (decision 0062). The two are the same day's close and agree to the tick unless Yahoo adjusted
 * it: a 2:1 split halves it, a 10 % bonus issue takes 9 % off; BIST's daily limit does not apply to this difference.
 */
export const SPLIT_CHECK_TOLERANCE = 0.03;

const realSleep = (durationMs: number) => new Promise<void>((resolve) => setTimeout(resolve, durationMs));

/**
 * Real, delayed BIST data from Yahoo Finance through yahoo-finance2: quotes of `<SYMBOL>.IS` in batches for the live
 * session, daily charts for history. Every request passes a per-minute and per-day budget and is retried with
 * backoff when the failure is transient. When Yahoo keeps failing (or the budget is spent) the feed keeps answering
 * with its last good snapshots and reports 'degraded' with their age, which the engine shows as 'Veriler gecikmeli';
 * the first successful call afterwards makes it healthy again.
 */
export class YahooFeed implements FeedProvider {
  readonly name = 'yahoo' as const;
  private readonly settings: YahooFeedSettings;
  private readonly guard: YahooCallGuard;
  private readonly history: ChartHistory;

  private readonly snapshotsBySymbol = new Map<string, LiveSnapshot>();
  private snapshotsDate: string | null = null;
  /** When the last complete quote refresh succeeded (the age the health report gives). */
  private lastQuotesAt: Date | null = null;
  private lastQuoteAttemptAt: Date | null = null;
  private readonly shares = new Map<string, number>();
  private readonly sharesChecked = new Set<string>();
  private benchmark: { level: number; at: Date | undefined } | null = null;

  constructor(private readonly options: YahooFeedOptions) {
    this.settings = { ...YAHOO_FEED_SETTINGS, ...options.settings };
    this.guard = new YahooCallGuard(this.settings, {
      clock: options.clock,
      log: options.log,
      sleep: options.sleep ?? realSleep,
      random: options.random ?? Math.random,
      lastGoodDataAt: () => this.lastGoodDataAt(),
    });
    this.history = new ChartHistory({
      client: options.client,
      guard: this.guard,
      log: options.log,
      concurrency: this.settings.chartConcurrency,
    });
  }

  historyStartDate(): string {
    return this.options.historyStartDate;
  }

  sharesOutstanding(symbol: string): number | undefined {
    return this.shares.get(symbol);
  }

  /** When the data being served was fetched (null before the first success). */
  lastGoodDataAt(): Date | null {
    return this.lastQuotesAt ?? this.guard.lastSuccessAt;
  }

  /** Requests counted in the current minute window and Istanbul day. */
  requestUsage(): { minute: number; day: number } {
    return this.guard.usage();
  }

  // ---------------------------------------------------------------- live session

  async snapshots(symbols: readonly string[], instant: Date): Promise<LiveSnapshot[]> {
    const date = istanbulDate(instant);
    if (!isTradingDay(date)) return [];
    const now = this.options.clock.now();
    const due =
      this.lastQuoteAttemptAt === null ||
      now.getTime() - this.lastQuoteAttemptAt.getTime() >= this.settings.quoteRefreshMs;
    if (due && !this.guard.circuitOpen(now)) await this.refreshSnapshots(symbols, instant, now);
    if (this.snapshotsDate !== date) return [];
    const out: LiveSnapshot[] = [];
    for (const symbol of symbols) {
      const snapshot = this.snapshotsBySymbol.get(symbol);
      if (snapshot) out.push(snapshot);
    }
    return out;
  }

  private async refreshSnapshots(symbols: readonly string[], instant: Date, now: Date): Promise<void> {
    this.lastQuoteAttemptAt = now;
    const requested = symbols.map(yahooSymbolOf);
    if (!requested.includes(YAHOO_XU100)) requested.push(YAHOO_XU100);
    const batches = chunk(requested, this.settings.quoteBatchSize);
    // Checked for the whole refresh up front, so the budget never cuts one off halfway.
    if (!this.guard.admit(batches.length, 'quote refresh')) return;
    try {
      for (const batch of batches) {
        const quotes = await this.guard.call(`quote ×${String(batch.length)}`, () =>
          this.options.client.quote(batch),
        );
        this.absorbQuotes(batch, quotes, instant);
      }
      this.lastQuotesAt = now;
      this.guard.settle('quote refresh');
    } catch (error) {
      this.guard.settle('quote refresh', error);
    }
  }

  private absorbQuotes(requested: readonly string[], quotes: readonly YahooQuote[], instant: Date): void {
    const date = istanbulDate(instant);
    if (this.snapshotsDate !== date) {
      this.snapshotsBySymbol.clear();
      this.snapshotsDate = date;
    }
    this.absorbShares(requested, quotes);
    for (const quote of quotes) {
      if (quote.symbol === YAHOO_XU100 && quote.regularMarketPrice !== undefined)
        this.benchmark = { level: quote.regularMarketPrice, at: quote.regularMarketTime };
      const snapshot = quoteToSnapshot(quote, instant);
      if (snapshot) this.snapshotsBySymbol.set(snapshot.symbol, snapshot);
    }
  }

  private absorbShares(requested: readonly string[], quotes: readonly YahooQuote[]): void {
    for (const yahooSymbol of requested) this.sharesChecked.add(bistSymbolOf(yahooSymbol));
    for (const quote of quotes) {
      const shares = quote.sharesOutstanding ?? quote.impliedSharesOutstanding;
      if (shares !== undefined && shares > 0) this.shares.set(bistSymbolOf(quote.symbol), Math.round(shares));
    }
  }

  // ---------------------------------------------------------------- history

  async dailyBars(
    symbols: readonly string[],
    fromDate: string,
    toDate: string,
  ): Promise<Map<string, DailyBar[]>> {
    return (await this.dailyUpdate(symbols, fromDate, toDate, () => Promise.resolve(new Map()))).bars;
  }

  /**
   * Completed days for the daily update, with the splits and dividends Yahoo reports for them (decision 0062). Several
   * days come from one chart per stock, whose events carry them at no extra request. One finished day comes from the
   * quotes, which carry none: a stock whose quoted previous close is not its stored close (`storedCloses`, read once
   * the day is final) by more than SPLIT_CHECK_TOLERANCE — what a split, a bonus issue or a large dividend does to
   * Yahoo's adjusted previous close — has its chart asked from its stored day on, one request each, and that chart's
   * events are taken.
   */
  async dailyUpdate(
    symbols: readonly string[],
    fromDate: string,
    toDate: string,
    storedCloses: () => Promise<ReadonlyMap<string, StoredClose>>,
  ): Promise<DailyUpdate> {
    const days = tradingDaysBetween(fromDate, toDate);
    const bars = new Map<string, DailyBar[]>();
    const actions = new Map<string, CorporateAction[]>();
    if (days.length === 0 || symbols.length === 0) return { bars, actions };
    const now = this.options.clock.now();
    const finalAt = this.finalDataAt(toDate);
    if (now < finalAt) throw new YahooDataNotFinalError(toDate, finalAt);
    this.guard.assertCircuitClosed(now);
    const operation = `daily bars ${fromDate}..${toDate}`;
    try {
      // One finished day (the usual catch-up after the close): the quotes carry its OHLCV, ≈ 12 requests instead of
      // one chart per stock. Stocks whose last trade is older (suspended, not traded) fall back to their chart.
      if (days.length === 1) {
        const stored = await storedCloses();
        const { dayBars, suspects } = await this.dayFromQuotes(symbols, toDate, stored);
        for (const [symbol, bar] of dayBars) bars.set(symbol, [bar]);
        for (const symbol of suspects) {
          const since = stored.get(symbol)!.date;
          const chart = await this.chartOf(symbol, 'stock', since, toDate).catch((error: unknown) => {
            if (isNoDataError(error)) return { bars: [], actions: [] };
            throw error;
          });
          const events = chart.actions.filter((a) => a.date > since);
          if (events.length > 0) actions.set(symbol, events);
          else
            this.options.log.warn(
              { symbol, since, date: toDate },
              "Yahoo's previous close differs from the stored close but its chart reports no split",
            );
        }
      } else {
        await this.primeShares(symbols);
      }
      await this.history.fetch(
        symbols.filter((s) => !bars.has(s)),
        fromDate,
        toDate,
        bars,
        actions,
      );
      this.guard.settle(operation);
      return { bars, actions };
    } catch (error) {
      this.guard.settle(operation, error);
      throw error;
    }
  }

  private async dayFromQuotes(
    symbols: readonly string[],
    date: string,
    stored: ReadonlyMap<string, StoredClose>,
  ): Promise<{ dayBars: Map<string, DailyBar>; suspects: string[] }> {
    const dayBars = new Map<string, DailyBar>();
    const suspects: string[] = [];
    for (const batch of chunk(symbols.map(yahooSymbolOf), this.settings.quoteBatchSize)) {
      const quotes = await this.guard.callWithinBudget(`quote ×${String(batch.length)} (day bar)`, () =>
        this.options.client.quote(batch),
      );
      this.absorbShares(batch, quotes);
      for (const quote of quotes) {
        const bar = quote.marketState === 'REGULAR' ? undefined : quoteToDailyBar(quote, date);
        if (!bar) continue;
        const symbol = bistSymbolOf(quote.symbol);
        dayBars.set(symbol, bar);
        const last = stored.get(symbol);
        const previous = quote.regularMarketPreviousClose;
        if (last && last.date < date && previous !== undefined && previous > 0) {
          if (Math.abs(last.closeTry / previous - 1) > SPLIT_CHECK_TOLERANCE) suspects.push(symbol);
        }
      }
    }
    return { dayBars, suspects };
  }

  /**
   * One symbol's daily chart from `fromDate` to `toDate` (the resumable backfill, backfill.ts): null when Yahoo has no
   * chart for it (an index it does not publish, a delisted stock). One request through the budget, retried while the
   * failure is transient; throws YahooUnavailableError while the circuit is open.
   */
  async symbolHistory(
    symbol: string,
    kind: 'stock' | 'index',
    fromDate: string,
    toDate: string,
  ): Promise<SymbolHistory | null> {
    if (tradingDaysBetween(fromDate, toDate).length === 0) return { bars: [], actions: [] };
    this.guard.assertCircuitClosed(this.options.clock.now());
    const operation = `history ${symbol}`;
    try {
      const history = await this.chartOf(symbol, kind, fromDate, toDate);
      this.guard.settle(operation);
      return history;
    } catch (error) {
      if (isNoDataError(error)) {
        this.guard.settle(operation);
        return null;
      }
      this.guard.settle(operation, error);
      throw error;
    }
  }

  /** One chart request through the budget: the bars and the corporate actions of `fromDate`..`toDate`. */
  private async chartOf(
    symbol: string,
    kind: 'stock' | 'index',
    fromDate: string,
    toDate: string,
  ): Promise<SymbolHistory> {
    const chart = await this.guard.callWithinBudget(`chart ${symbol}`, () =>
      this.options.client.dailyChart(
        yahooSymbolOf(symbol),
        istanbulInstant(fromDate, 0),
        istanbulInstant(addCalendarDays(toDate, 1), 0),
      ),
    );
    return {
      bars: chartRowsToDailyBars(chart.rows, fromDate, toDate, kind).bars,
      actions: chartActions(chart, fromDate, toDate),
    };
  }

  /** The newest completed trading day whose bars are final at Yahoo at `now` (its delay after the close). */
  finalThrough(now: Date): string {
    let day = lastCompletedDay(now);
    while (now < this.finalDataAt(day)) day = previousTradingDay(day);
    return day;
  }

  prepareHistory(symbols: readonly string[]): Promise<void> {
    return this.primeShares(symbols);
  }

  /** Shares outstanding come with quotes; the engine needs them for the index divisors as soon as history is written. */
  private async primeShares(symbols: readonly string[]): Promise<void> {
    const unchecked = symbols.filter((s) => !this.sharesChecked.has(s)).map(yahooSymbolOf);
    for (const batch of chunk(unchecked, this.settings.quoteBatchSize)) {
      this.absorbShares(
        batch,
        await this.guard.callWithinBudget(`quote ×${String(batch.length)} (shares)`, () =>
          this.options.client.quote(batch),
        ),
      );
    }
  }

  /** When `date`'s bar is final at Yahoo: the end of its session plus Yahoo's delay. */
  private finalDataAt(date: string): Date {
    const end = Math.max(0, ...sessionPhasesOn(date).map((p) => p.endMinute));
    return new Date(istanbulInstant(date, end).getTime() + this.settings.finalDataDelayMs);
  }

  health(): ComponentHealth {
    const now = this.options.clock.now();
    const at = this.lastGoodDataAt();
    const data = at
      ? `last good data ${at.toISOString()} (${formatAge(now.getTime() - at.getTime())} old)`
      : 'no data received yet';
    const trouble = this.guard.trouble(at, data);
    if (trouble) return trouble;
    const usage = this.guard.usage();
    const benchmark = this.benchmark ? `; XU100.IS ${String(this.benchmark.level)}` : '';
    return {
      status: 'ok',
      detail: `Yahoo Finance (.IS, ~15 min delayed); ${data}; ${String(usage.day)}/${String(this.settings.requestsPerDay)} requests today${benchmark}`,
    };
  }
}

/**
 * The Yahoo feed with its history start fixed at the first start and kept in the database (like the simulator's),
 * so every later start asks for the same range.
 */
export async function createYahooFeed(deps: {
  repo: MarketRepository;
  clock: Clock;
  log: EngineLogger;
  client?: YahooClient;
  /** MARKET_PROVIDER_URL: the base URL that replaces Yahoo's hosts. */
  baseUrl?: string | undefined;
  /** Budgets and waits other than the production ones (tests against the local fake provider). */
  tuning?: YahooFeedTuning;
}): Promise<YahooFeed> {
  const key = 'yahoo_feed';
  let state = await deps.repo.getState<{ startDate: string }>(key);
  if (!state) {
    state = {
      startDate: addCalendarDays(istanbulDate(deps.clock.now()), -Math.ceil(YAHOO_HISTORY_YEARS * 365.25)),
    };
    await deps.repo.setState(key, state);
  }
  return new YahooFeed({
    client:
      deps.client ?? createYahooClient({ log: deps.log, ...(deps.baseUrl ? { baseUrl: deps.baseUrl } : {}) }),
    clock: deps.clock,
    log: deps.log,
    historyStartDate: state.startDate,
    ...deps.tuning,
  });
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function formatAge(durationMs: number): string {
  const seconds = Math.max(0, Math.round(durationMs / 1000));
  if (seconds < 120) return `${String(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${String(minutes)} min` : `${String(Math.round(minutes / 60))} h`;
}
