import {
  addCalendarDays,
  istanbulDate,
  istanbulInstant,
  isTradingDay,
  sessionPhasesOn,
  tradingDaysBetween,
  type DailyBar,
} from '@bist/market';
import type { ComponentHealth } from '@/lib/health';
import type { Clock } from '@/lib/clock';
import type { EngineLogger } from './engine.ts';
import type { FeedProvider, LiveSnapshot } from './feed.ts';
import { DataNotFinalError } from './feed.ts';
import type { MarketRepository } from './market.repository.ts';
import {
  chartRowsToDailyBars,
  quoteToDailyBar,
  quoteToSnapshot,
  bistSymbolOf,
  yahooSymbolOf,
  YAHOO_XU100,
} from './yahoo/mapping.ts';
import { RequestBudget, RequestBudgetExhaustedError } from './yahoo/request-budget.ts';
import { isTransientYahooError, withRetry, type RetryPolicy } from './yahoo/retry.ts';
import { createYahooClient, type YahooClient, type YahooQuote } from './yahoo/yahoo-client.ts';

export interface YahooFeedSettings {
  /** Symbols per quote request (Yahoo answers many per call). */
  quoteBatchSize: number;
  /** Quotes are fetched at most this often; engine ticks in between get the cached snapshots. */
  quoteRefreshMs: number;
  requestsPerMinute: number;
  requestsPerDay: number;
  retry: RetryPolicy;
  /** Consecutive failed operations (each after its retries) before health turns 'degraded' and calls pause. */
  failuresBeforeDegraded: number;
  /** First pause of the circuit once degraded; doubles with every further failure up to the maximum. */
  circuitCooldownMs: number;
  maxCircuitCooldownMs: number;
  /** Yahoo's BIST data is about 15 minutes late: a day's bar is final this long after the session ends. */
  finalDataDelayMs: number;
  /** Chart (history) requests in flight at once. */
  chartConcurrency: number;
}

/**
 * A session costs 12 quote requests a minute (596 stocks + XU100.IS in batches of 50, refreshed once a minute from
 * 10:00 until the day's bar is stored at about 18:30: ≈ 6,100 a day); the day's bar after the close another 12; the
 * first start ≈ 608 (the quotes for shares outstanding, then one chart per stock), which the per-minute limit spreads
 * over about six minutes. The daily limit leaves room for retries and a restart's catch-up.
 */
export const YAHOO_FEED_SETTINGS: YahooFeedSettings = {
  quoteBatchSize: 50,
  quoteRefreshMs: 60_000,
  requestsPerMinute: 100,
  requestsPerDay: 12_000,
  retry: { maxAttempts: 4, baseDelayMs: 1_000, maxDelayMs: 16_000 },
  failuresBeforeDegraded: 2,
  circuitCooldownMs: 60_000,
  maxCircuitCooldownMs: 10 * 60_000,
  finalDataDelayMs: 20 * 60_000,
  chartConcurrency: 4,
};

/** Years of daily history fetched on the first start with an empty database (as for the simulator). */
export const YAHOO_HISTORY_YEARS = 3;

/** A day's bar was asked for before Yahoo's delayed data for it is complete; the engine asks again on a later tick. */
export class YahooDataNotFinalError extends DataNotFinalError {
  constructor(
    readonly date: string,
    readonly finalAt: Date,
  ) {
    super(`Yahoo's data for ${date} is not final before ${finalAt.toISOString()}`);
    this.name = 'YahooDataNotFinalError';
  }
}

/** Calls are paused after repeated failures (the circuit is open) until `retryAt`. */
export class YahooUnavailableError extends Error {
  constructor(
    readonly retryAt: Date,
    readonly lastFailure: string | null,
  ) {
    super(
      `Yahoo Finance unavailable (${lastFailure ?? 'repeated failures'}); next attempt after ${retryAt.toISOString()}`,
    );
    this.name = 'YahooUnavailableError';
  }
}

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
  private readonly budget: RequestBudget;
  private readonly sleep: (durationMs: number) => Promise<void>;
  private readonly random: () => number;

  private readonly snapshotsBySymbol = new Map<string, LiveSnapshot>();
  private snapshotsDate: string | null = null;
  /** When the last complete quote refresh succeeded (the age the health report gives). */
  private lastQuotesAt: Date | null = null;
  /** When any call last succeeded. */
  private lastSuccessAt: Date | null = null;
  private lastQuoteAttemptAt: Date | null = null;
  private consecutiveFailures = 0;
  private failingSince: Date | null = null;
  private lastFailure: string | null = null;
  private circuitOpenUntil: Date | null = null;
  private budgetRefusal: 'minute' | 'day' | null = null;
  private readonly shares = new Map<string, number>();
  private readonly sharesChecked = new Set<string>();
  private benchmark: { level: number; at: Date | undefined } | null = null;
  /** Charts already fetched for a history range, so a retry after a failure resumes instead of starting over. */
  private historyProgress: { key: string; bars: Map<string, DailyBar[]> } | null = null;

  constructor(private readonly options: YahooFeedOptions) {
    this.settings = { ...YAHOO_FEED_SETTINGS, ...options.settings };
    this.budget = new RequestBudget(
      { perMinute: this.settings.requestsPerMinute, perDay: this.settings.requestsPerDay },
      options.clock,
    );
    this.sleep = options.sleep ?? realSleep;
    this.random = options.random ?? Math.random;
  }

  historyStartDate(): string {
    return this.options.historyStartDate;
  }

  sharesOutstanding(symbol: string): number | undefined {
    return this.shares.get(symbol);
  }

  /** When the data being served was fetched (null before the first success). */
  lastGoodDataAt(): Date | null {
    return this.lastQuotesAt ?? this.lastSuccessAt;
  }

  /** Requests counted in the current minute window and Istanbul day. */
  requestUsage(): { minute: number; day: number } {
    return this.budget.usage();
  }

  // ---------------------------------------------------------------- live session

  async snapshots(symbols: readonly string[], instant: Date): Promise<LiveSnapshot[]> {
    const date = istanbulDate(instant);
    if (!isTradingDay(date)) return [];
    const now = this.options.clock.now();
    const due =
      this.lastQuoteAttemptAt === null ||
      now.getTime() - this.lastQuoteAttemptAt.getTime() >= this.settings.quoteRefreshMs;
    if (due && !this.circuitOpen(now)) await this.refreshSnapshots(symbols, instant, now);
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
    const batches = chunk([...symbols.map(yahooSymbolOf), YAHOO_XU100], this.settings.quoteBatchSize);
    // Checked for the whole refresh up front, so the budget never cuts one off halfway.
    const refused = this.budget.refusal(batches.length);
    if (refused) {
      this.noteBudgetRefusal(
        new RequestBudgetExhaustedError(refused, this.limitOf(refused)),
        'quote refresh',
      );
      return;
    }
    try {
      for (const batch of batches) {
        const quotes = await this.call(`quote ×${String(batch.length)}`, () =>
          this.options.client.quote(batch),
        );
        this.absorbQuotes(batch, quotes, instant);
      }
      this.lastQuotesAt = now;
      this.recordSuccess(now);
    } catch (error) {
      if (error instanceof RequestBudgetExhaustedError) this.noteBudgetRefusal(error, 'quote refresh');
      else this.recordFailure(error, 'quote refresh', this.options.clock.now());
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
      if (quote.symbol === YAHOO_XU100) {
        if (quote.regularMarketPrice !== undefined)
          this.benchmark = { level: quote.regularMarketPrice, at: quote.regularMarketTime };
        continue;
      }
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
    const days = tradingDaysBetween(fromDate, toDate);
    const bars = new Map<string, DailyBar[]>();
    if (days.length === 0 || symbols.length === 0) return bars;
    const now = this.options.clock.now();
    const finalAt = this.finalDataAt(toDate);
    if (now < finalAt) throw new YahooDataNotFinalError(toDate, finalAt);
    if (this.circuitOpen(now)) throw new YahooUnavailableError(this.circuitOpenUntil!, this.lastFailure);
    const operation = `daily bars ${fromDate}..${toDate}`;
    try {
      // One finished day (the usual catch-up after the close): the quotes carry its OHLCV, ≈ 12 requests instead of
      // one chart per stock. Stocks whose last trade is older (suspended, not traded) fall back to their chart.
      if (days.length === 1) {
        for (const [symbol, bar] of await this.dayFromQuotes(symbols, toDate)) bars.set(symbol, [bar]);
      } else {
        await this.primeShares(symbols);
      }
      await this.chartHistory(
        symbols.filter((s) => !bars.has(s)),
        fromDate,
        toDate,
        bars,
      );
      this.recordSuccess(this.options.clock.now());
      return bars;
    } catch (error) {
      if (error instanceof RequestBudgetExhaustedError) this.noteBudgetRefusal(error, operation);
      else this.recordFailure(error, operation, this.options.clock.now());
      throw error;
    }
  }

  private async dayFromQuotes(symbols: readonly string[], date: string): Promise<Map<string, DailyBar>> {
    const out = new Map<string, DailyBar>();
    for (const batch of chunk(symbols.map(yahooSymbolOf), this.settings.quoteBatchSize)) {
      const quotes = await this.callWithinBudget(`quote ×${String(batch.length)} (day bar)`, () =>
        this.options.client.quote(batch),
      );
      this.absorbShares(batch, quotes);
      for (const quote of quotes) {
        const bar = quote.marketState === 'REGULAR' ? undefined : quoteToDailyBar(quote, date);
        if (bar) out.set(bistSymbolOf(quote.symbol), bar);
      }
    }
    return out;
  }

  /** Shares outstanding come with quotes; the engine needs them for the index divisors as soon as history is written. */
  private async primeShares(symbols: readonly string[]): Promise<void> {
    const unchecked = symbols.filter((s) => !this.sharesChecked.has(s)).map(yahooSymbolOf);
    for (const batch of chunk(unchecked, this.settings.quoteBatchSize)) {
      this.absorbShares(
        batch,
        await this.callWithinBudget(`quote ×${String(batch.length)} (shares)`, () =>
          this.options.client.quote(batch),
        ),
      );
    }
  }

  private async chartHistory(
    symbols: readonly string[],
    fromDate: string,
    toDate: string,
    into: Map<string, DailyBar[]>,
  ): Promise<void> {
    const key = `${fromDate}|${toDate}`;
    if (this.historyProgress?.key !== key) this.historyProgress = { key, bars: new Map() };
    const progress = this.historyProgress.bars;
    const pending = symbols.filter((s) => !progress.has(s));
    const period1 = istanbulInstant(fromDate, 0);
    const period2 = istanbulInstant(addCalendarDays(toDate, 1), 0);
    const noData: string[] = [];
    let skippedRows = 0;
    let failed: { error: unknown } | undefined;
    let next = 0;
    const worker = async () => {
      while (!failed && next < pending.length) {
        const symbol = pending[next]!;
        next += 1;
        try {
          const rows = await this.callWithinBudget(`chart ${symbol}`, () =>
            this.options.client.dailyChart(yahooSymbolOf(symbol), period1, period2),
          );
          const mapped = chartRowsToDailyBars(rows, fromDate, toDate);
          progress.set(symbol, mapped.bars);
          skippedRows += mapped.skippedRows;
          if (progress.size % 100 === 0)
            this.options.log.info(
              { fetched: progress.size, of: symbols.length, fromDate, toDate },
              'Yahoo history progress',
            );
        } catch (error) {
          if (isNoDataError(error)) {
            progress.set(symbol, []);
            noData.push(symbol);
          } else failed ??= { error };
        }
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(this.settings.chartConcurrency, pending.length) }, worker),
    );
    if (noData.length > 0)
      this.options.log.warn(
        { symbols: noData, fromDate, toDate },
        'Yahoo has no daily history for these symbols; left out',
      );
    if (skippedRows > 0)
      this.options.log.info(
        { skippedRows, fromDate, toDate },
        'Yahoo chart rows skipped (null rows, closed days, duplicates)',
      );
    if (failed) {
      this.options.log.warn(
        { fetched: progress.size, remaining: symbols.length - progress.size, fromDate, toDate },
        'Yahoo history interrupted; the next attempt resumes',
      );
      throw failed.error;
    }
    for (const symbol of symbols) {
      const list = progress.get(symbol);
      if (list && list.length > 0) into.set(symbol, list);
    }
    this.historyProgress = null;
  }

  /** When `date`'s bar is final at Yahoo: the end of its session plus Yahoo's delay. */
  private finalDataAt(date: string): Date {
    const end = Math.max(0, ...sessionPhasesOn(date).map((p) => p.endMinute));
    return new Date(istanbulInstant(date, end).getTime() + this.settings.finalDataDelayMs);
  }

  // ---------------------------------------------------------------- requests, budget, circuit

  /** One request through the budget, retried with backoff while the failure is transient. */
  private call<T>(request: string, send: () => Promise<T>): Promise<T> {
    return withRetry(
      () => {
        this.budget.takeOrThrow();
        return send();
      },
      {
        policy: this.settings.retry,
        sleep: this.sleep,
        random: this.random,
        isTransient: isTransientYahooError,
        onRetry: (error, attempt, delayMs) =>
          this.options.log.warn({ err: error, request, attempt, delayMs }, 'Yahoo request failed; retrying'),
      },
    );
  }

  /** Like `call`, but history waits for the next minute window instead of giving up; only the daily limit refuses. */
  private async callWithinBudget<T>(request: string, send: () => Promise<T>): Promise<T> {
    for (;;) {
      if (this.budget.refusal(1) === 'minute') {
        await this.sleep(Math.max(1_000, this.budget.msUntilMinuteWindowEnds()));
        continue;
      }
      try {
        return await this.call(request, send);
      } catch (error) {
        if (!(error instanceof RequestBudgetExhaustedError && error.window === 'minute')) throw error;
      }
    }
  }

  private circuitOpen(now: Date): boolean {
    return this.circuitOpenUntil !== null && now < this.circuitOpenUntil;
  }

  private limitOf(window: 'minute' | 'day'): number {
    return window === 'day' ? this.settings.requestsPerDay : this.settings.requestsPerMinute;
  }

  private recordSuccess(now: Date): void {
    if (this.consecutiveFailures >= this.settings.failuresBeforeDegraded) {
      this.options.log.info(
        { failures: this.consecutiveFailures, failingSince: this.failingSince?.toISOString() },
        'Yahoo Finance answers again; feed healthy',
      );
    }
    this.consecutiveFailures = 0;
    this.failingSince = null;
    this.lastFailure = null;
    this.circuitOpenUntil = null;
    this.budgetRefusal = null;
    this.lastSuccessAt = now;
  }

  private recordFailure(error: unknown, operation: string, now: Date): void {
    this.consecutiveFailures += 1;
    this.failingSince ??= now;
    this.lastFailure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    let pauseMs: number | undefined;
    if (this.consecutiveFailures >= this.settings.failuresBeforeDegraded) {
      const doublings = this.consecutiveFailures - this.settings.failuresBeforeDegraded;
      pauseMs = Math.min(
        this.settings.maxCircuitCooldownMs,
        this.settings.circuitCooldownMs * 2 ** doublings,
      );
      this.circuitOpenUntil = new Date(now.getTime() + pauseMs);
    }
    this.options.log.error(
      {
        err: error,
        operation,
        consecutiveFailures: this.consecutiveFailures,
        lastGoodDataAt: this.lastGoodDataAt()?.toISOString() ?? null,
        pauseMs,
      },
      'Yahoo Finance call failed after retries; serving the last good data',
    );
  }

  private noteBudgetRefusal(error: RequestBudgetExhaustedError, operation: string): void {
    if (this.budgetRefusal !== error.window) {
      this.options.log.warn(
        { operation, window: error.window, limit: error.limit, usage: this.budget.usage() },
        'Yahoo request budget exhausted; serving the last data',
      );
    }
    this.budgetRefusal = error.window;
  }

  health(): ComponentHealth {
    const now = this.options.clock.now();
    const at = this.lastGoodDataAt();
    const data = at
      ? `last good data ${at.toISOString()} (${formatAge(now.getTime() - at.getTime())} old)`
      : 'no data received yet';
    if (this.consecutiveFailures >= this.settings.failuresBeforeDegraded) {
      return {
        status: at ? 'degraded' : 'down',
        detail: `Yahoo Finance failing since ${this.failingSince?.toISOString() ?? '?'} (${String(this.consecutiveFailures)} failed calls; ${this.lastFailure ?? ''}); ${data}`,
      };
    }
    if (this.budgetRefusal) {
      return {
        status: 'degraded',
        detail: `Yahoo request budget exhausted (${String(this.limitOf(this.budgetRefusal))} per ${this.budgetRefusal}); ${data}`,
      };
    }
    const usage = this.budget.usage();
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
    client: deps.client ?? createYahooClient({ log: deps.log }),
    clock: deps.clock,
    log: deps.log,
    historyStartDate: state.startDate,
  });
}

/** Yahoo's answer for a symbol it has no chart for (delisted, renamed, never listed there). */
function isNoDataError(error: unknown): boolean {
  return error instanceof Error && /No data found/i.test(error.message);
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
