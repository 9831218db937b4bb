import {
  INDICES,
  STOCKS,
  istanbulDate,
  isTradingDay,
  previousTradingDay,
  sessionPhasesOn,
  istanbulInstant,
  continuousWindowOn,
  tradingDaysBetween,
  nextTradingDay,
  indexDivisorForLevel,
  XU100_TARGET_LEVEL,
  type DailyBar,
  type IndexDefinition,
} from '@bist/market';
import type { ComponentHealth } from '@/lib/health';
import type { Clock } from '@/lib/clock';
import type { DailyClose, MarketData, Quote, QuoteListener, StockInfo } from './market-data.ts';
import { DataNotFinalError, type FeedProvider, type LiveSnapshot } from './feed.ts';
import type { MarketRepository, StoredDailyBar, StoredMinuteBar } from './market.repository.ts';
import { indexCapitalisation, indexDailyBar, type MemberDay } from './indices.ts';

export interface EngineLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MarketEngineOptions {
  repo: MarketRepository;
  provider: FeedProvider;
  clock: Clock;
  log: EngineLogger;
  /**
   * How often quotes are refreshed during the session (spec §9 default polling: 5 s); a function is asked before
   * every tick (the admin setting market_poll_interval_ms).
   */
  tickMs?: number | (() => number);
  /** XU100's level on the last completed day when the indices are first computed (its real 2026 level). */
  xu100Level?: number;
  /** Base level of every other index on the first day of history. */
  indexBaseLevel?: number;
  /** Trading days of 1-minute bars kept in the database. */
  minuteRetentionDays?: number;
}

interface MinuteAccumulator {
  openTry: number;
  highTry: number;
  lowTry: number;
  closeTry: number;
  volumeAtStart: number;
  volumeNow: number;
}

const DIVISORS_KEY = 'index_divisors';

/** The last minute of a trading day's session (closing trades end): after it the day's bar is final. */
function sessionEndOf(date: string): Date {
  const phases = sessionPhasesOn(date);
  const end = Math.max(...phases.map((p) => p.endMinute));
  return istanbulInstant(date, end);
}

/** The newest trading day whose session has fully ended at `now`. */
export function lastCompletedTradingDay(now: Date): string {
  const today = istanbulDate(now);
  if (isTradingDay(today) && now >= sessionEndOf(today)) return today;
  return previousTradingDay(today);
}

/**
 * The market engine: keeps the latest quotes of every stock and index in memory, writes daily and 1-minute
 * bars, computes indices from their members and tells listeners about every update. It implements MarketData,
 * which is all other modules see of it.
 */
export class MarketEngine implements MarketData {
  private readonly quotes = new Map<string, Quote>();
  private readonly stockInfo = new Map<string, StockInfo>(STOCKS.map((s) => [s.symbol, { ...s }]));
  private readonly stockSymbols = STOCKS.map((s) => s.symbol);
  private readonly indices: readonly IndexDefinition[] = INDICES;
  private divisors: Record<string, number> = {};
  private readonly listeners = new Set<QuoteListener>();
  private readonly minutes = new Map<string, MinuteAccumulator>();
  private minuteKey = -1;
  private lastStoredDate: string | null = null;
  private liveDate: string | null = null;
  private readonly indexRange = new Map<string, { high: number; low: number; open: number }>();
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private lastError: string | null = null;
  private lastTickAt: Date | null = null;
  /** Increments whenever quotes change, so derived views (summary, lists) can be cached per generation. */
  generation = 0;
  /** Time of the newest quote, found once per generation (freshness is read on every market request). */
  private newestQuote: { generation: number; at: Date | null } = { generation: -1, at: null };

  constructor(private readonly options: MarketEngineOptions) {}

  get providerName(): 'simulated' | 'yahoo' {
    return this.options.provider.name;
  }

  get indexDefinitions(): readonly IndexDefinition[] {
    return this.indices;
  }

  /** Fills missing history, loads the latest quotes and, unless `live` is false, starts ticking. */
  async start({ live = true }: { live?: boolean } = {}): Promise<void> {
    // A provider that is down at start must not keep the server down: serve what is stored and retry on ticks.
    try {
      await this.catchUp();
    } catch (error) {
      this.lastError = error instanceof Error ? error.message : String(error);
      this.options.log.error(
        { err: error },
        'market history catch-up failed at start; serving stored data and retrying',
      );
    }
    await this.refresh();
    try {
      await this.backfillLastSessionIndices();
    } catch (error) {
      this.options.log.warn({ err: error }, 'could not replay the last session for the index charts');
    }
    if (live) this.schedule();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.ticking) await new Promise((resolve) => setTimeout(resolve, 20));
    await this.flushMinutes();
  }

  private tickIntervalMs(): number {
    const tick = this.options.tickMs;
    return (typeof tick === 'function' ? tick() : tick) ?? 5_000;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      void this.tickSafely().finally(() => {
        if (this.timer) this.schedule();
      });
    }, this.tickIntervalMs());
    this.timer.unref();
  }

  private async tickSafely(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      await this.catchUp();
      await this.refresh();
      this.lastError = null;
    } catch (error) {
      this.lastError = error instanceof Error ? error.message : String(error);
      this.options.log.error({ err: error }, 'market tick failed');
    } finally {
      this.ticking = false;
    }
  }

  /** One step: used by the timer and by tests that move the clock. */
  async tick(): Promise<void> {
    await this.catchUp();
    await this.refresh();
  }

  // ---------------------------------------------------------------- history

  /**
   * Writes every completed trading day the database lacks: the whole history on first start, the missed days
   * after downtime, and today's bar once the session has ended. Index bars follow from the members' bars.
   */
  async catchUp(): Promise<void> {
    const { repo, provider, clock } = this.options;
    const target = lastCompletedTradingDay(clock.now());
    if (this.lastStoredDate === null) this.lastStoredDate = await repo.latestDailyDate();
    if (this.lastStoredDate !== null && this.lastStoredDate >= target) return;

    const firstRun = this.lastStoredDate === null;
    const from =
      this.lastStoredDate === null ? provider.historyStartDate() : nextTradingDay(this.lastStoredDate);
    if (from > target) return;
    const started = Date.now();
    let bars;
    try {
      bars = await provider.dailyBars(this.stockSymbols, from, target);
    } catch (error) {
      if (error instanceof DataNotFinalError) return; // asked again on a later tick
      throw error;
    }
    const rows: StoredDailyBar[] = [];
    for (const [symbol, list] of bars) {
      for (const bar of list)
        rows.push(toStored(symbol, bar, provider.name === 'yahoo' ? 'yahoo' : 'simulated'));
    }
    await repo.upsertDailyBars(rows);
    await this.writeIndexBars(from, target);
    this.lastStoredDate = target;
    this.options.log.info(
      { from, to: target, stockBars: rows.length, ms: Date.now() - started },
      firstRun ? 'market history written' : 'market days caught up',
    );
  }

  /** Recomputes the index bars of `fromDate`..`toDate` from the stored member bars (also after an import). */
  async writeIndexBars(fromDate: string, toDate: string): Promise<void> {
    const { repo, provider } = this.options;
    // One trading day of look-back so that members without a bar on the first day carry their last close.
    const lookBack = previousTradingDay(fromDate);
    const stored = await repo.dailyBarsBetween(this.stockSymbols, lookBack, toDate);
    const bySymbol = new Map<string, StoredDailyBar[]>();
    for (const bar of stored) {
      const list = bySymbol.get(bar.symbol);
      if (list) list.push(bar);
      else bySymbol.set(bar.symbol, [bar]);
    }
    const days = tradingDaysBetween(fromDate, toDate);
    if (days.length === 0) return;
    await this.ensureDivisors(bySymbol, days);

    const rows: StoredDailyBar[] = [];
    for (const index of this.indices) {
      const divisor = this.divisors[index.code];
      if (!divisor) continue;
      const shares = index.members.map((s) => provider.sharesOutstanding(s) ?? 0);
      const cursors = index.members.map(() => 0);
      const lastClose: (number | undefined)[] = index.members.map(() => undefined);
      for (const date of days) {
        const members: MemberDay[] = index.members.map((symbol, i) => {
          const list = bySymbol.get(symbol) ?? [];
          while (cursors[i]! < list.length && list[cursors[i]!]!.date < date) {
            lastClose[i] = list[cursors[i]!]!.closeTry;
            cursors[i]! += 1;
          }
          const candidate = list[cursors[i]!];
          const bar = candidate?.date === date ? candidate : undefined;
          return { bar, lastCloseTry: lastClose[i], turnoverTry: bar?.turnoverTry ?? 0 };
        });
        const bar = indexDailyBar(date, members, shares, divisor);
        if (bar) rows.push(toStored(index.code, bar, 'computed', bar.turnoverTry));
      }
    }
    await repo.upsertDailyBars(rows);
  }

  /** Fixes each index's divisor once: XU100 reads its real 2026 level on the last day, the others a base level on the first. */
  private async ensureDivisors(
    bySymbol: Map<string, StoredDailyBar[]>,
    days: readonly string[],
  ): Promise<void> {
    const { repo, provider } = this.options;
    if (Object.keys(this.divisors).length === 0)
      this.divisors = (await repo.getState<Record<string, number>>(DIVISORS_KEY)) ?? {};
    const missing = this.indices.filter((i) => !this.divisors[i.code]);
    if (missing.length === 0) return;
    const closeOn = (symbol: string, date: string) => {
      const list = bySymbol.get(symbol) ?? [];
      let last: number | undefined;
      for (const bar of list) {
        if (bar.date > date) break;
        last = bar.closeTry;
      }
      return last;
    };
    const firstDay = days[0]!;
    const lastDay = days[days.length - 1]!;
    for (const index of missing) {
      const anchorDay = index.code === 'XU100' ? lastDay : firstDay;
      const level =
        index.code === 'XU100'
          ? (this.options.xu100Level ?? XU100_TARGET_LEVEL)
          : (this.options.indexBaseLevel ?? 10_000);
      const cap = indexCapitalisation(
        index.members,
        (s) => provider.sharesOutstanding(s),
        (s) => closeOn(s, anchorDay),
      );
      if (cap > 0) this.divisors[index.code] = indexDivisorForLevel(cap, level);
    }
    await repo.setState(DIVISORS_KEY, this.divisors);
  }

  // ---------------------------------------------------------------- quotes

  /**
   * Refreshes the in-memory quotes: from the provider during today's session (and until its bar is stored),
   * otherwise from the last two stored bars of every symbol.
   */
  async refresh(): Promise<void> {
    const { provider, clock } = this.options;
    const now = clock.now();
    const today = istanbulDate(now);
    const window = isTradingDay(today) ? continuousWindowOn(today) : undefined;
    const sessionStarted = window !== undefined && now >= istanbulInstant(today, window.startMinute);
    const todayStored = this.lastStoredDate !== null && this.lastStoredDate >= today;

    if (sessionStarted && !todayStored) {
      if (this.liveDate !== today) await this.beginSession(today, now);
      const snapshots = await provider.snapshots(this.stockSymbols, now);
      if (snapshots.length > 0) {
        this.applySnapshots(snapshots, today, now);
        await this.recordMinute(now);
        this.lastTickAt = now;
        return;
      }
    }
    if (this.liveDate !== null) {
      await this.flushMinutes();
      this.liveDate = null;
    }
    await this.loadStoredQuotes();
  }

  /** Quotes from the last two stored bars (weekends, nights, before the open, after the day's bar is written). */
  private async loadStoredQuotes(): Promise<void> {
    const symbols = [...this.stockSymbols, ...this.indices.map((i) => i.code)];
    const last = await this.options.repo.lastBars(symbols, 2);
    const updated: Quote[] = [];
    for (const symbol of symbols) {
      const bars = last.get(symbol);
      const bar = bars?.[0];
      if (!bar) continue;
      const previous = bars[1]?.closeTry ?? bar.openTry;
      const existing = this.quotes.get(symbol);
      if (
        existing &&
        existing.date === bar.date &&
        existing.priceTry === bar.closeTry &&
        existing.volume === bar.volumeShares
      )
        continue;
      const quote: Quote = {
        symbol,
        priceTry: bar.closeTry,
        previousCloseTry: previous,
        openTry: bar.openTry,
        highTry: bar.highTry,
        lowTry: bar.lowTry,
        changePercent: percentChange(bar.closeTry, previous),
        volume: bar.volumeShares,
        turnoverTry: bar.turnoverTry,
        date: bar.date,
        updatedAt: sessionEndOf(bar.date),
      };
      this.quotes.set(symbol, quote);
      updated.push(quote);
    }
    if (updated.length > 0) this.publish(updated);
  }

  /** Starts a trading day: resets the index ranges and, after a restart mid-session, backfills its minute bars. */
  private async beginSession(date: string, now: Date): Promise<void> {
    this.liveDate = date;
    this.indexRange.clear();
    this.minutes.clear();
    this.minuteKey = -1;
    const window = continuousWindowOn(date);
    if (!window || !this.options.provider.minuteBarsUntil) return;
    const open = istanbulInstant(date, window.startMinute);
    const currentMinute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const stored = await this.options.repo.latestMinute(open, new Date(open.getTime() + 24 * 3_600_000));
    if (stored && stored.getTime() >= currentMinute.getTime() - 60_000) return;
    const rows = await this.replaySessionMinutes(date, currentMinute, { stocks: true, trackRange: true });
    const cutoffDay = tradingDaysBack(date, this.options.minuteRetentionDays ?? 7);
    await this.options.repo.pruneMinuteBars(istanbulInstant(cutoffDay, 0));
    this.options.log.info({ date, minuteBars: rows }, 'session minute bars backfilled');
  }

  /**
   * After a start outside the session, the last finished session has no minute bars (nobody was ticking): replay
   * its index levels from the provider's deterministic intraday paths, so the indices' intraday charts show that
   * session. Stocks' minute bars are replayed on demand (ensureStockMinutes) when a chart asks for them.
   */
  private async backfillLastSessionIndices(): Promise<void> {
    const date = this.lastStoredDate;
    if (!date || this.liveDate !== null || !this.options.provider.minuteBarsUntil) return;
    const window = continuousWindowOn(date);
    if (!window) return;
    const open = istanbulInstant(date, window.startMinute);
    const end = istanbulInstant(date, window.endMinute);
    if (await this.options.repo.latestMinute(open, new Date(end.getTime() + 60_000))) return;
    const rows = await this.replaySessionMinutes(date, end, { stocks: false, trackRange: false });
    this.options.log.info({ date, minuteBars: rows }, 'last session index minute bars replayed');
  }

  /** Replays a stock's minute bars for sessions the database has none of (simulated provider only). */
  async ensureStockMinutes(symbol: string, dates: readonly string[]): Promise<void> {
    const { provider, repo } = this.options;
    if (!provider.minuteBarsUntil || !this.stockInfo.has(symbol)) return;
    for (const date of dates) {
      if (date === this.liveDate) continue; // the live session writes its own bars
      const window = continuousWindowOn(date);
      if (!window) continue;
      const open = istanbulInstant(date, window.startMinute);
      const end = istanbulInstant(date, window.endMinute);
      if ((await repo.intradayBars(symbol, open, end, 60 * 24)).length > 0) continue;
      const bars = (await provider.minuteBarsUntil([symbol], date, end)).get(symbol) ?? [];
      await repo.upsertMinuteBars(bars.map((bar) => ({ symbol, ...bar })));
    }
  }

  /**
   * Minute bars of a session up to `until` from the provider: the stocks' (when asked) and the indices' levels at
   * each minute's close (open = the previous minute's close). Returns the number of rows written.
   */
  private async replaySessionMinutes(
    date: string,
    until: Date,
    options: { stocks: boolean; trackRange: boolean },
  ): Promise<number> {
    const { provider, repo } = this.options;
    if (!provider.minuteBarsUntil) return 0;
    const bars = await provider.minuteBarsUntil(this.stockSymbols, date, until);
    const rows: StoredMinuteBar[] = [];
    const closesByMinute = new Map<number, Map<string, number>>();
    for (const [symbol, list] of bars) {
      for (const bar of list) {
        if (options.stocks) rows.push({ symbol, ...bar });
        const key = bar.minute.getTime();
        let m = closesByMinute.get(key);
        if (!m) closesByMinute.set(key, (m = new Map<string, number>()));
        m.set(symbol, bar.closeTry);
      }
    }
    // Start from each member's close before the session.
    const lastPrice = new Map<string, number>();
    for (const [symbol, list] of await repo.lastBars(this.stockSymbols, 2)) {
      const previous = list.find((b) => b.date < date);
      if (previous) lastPrice.set(symbol, previous.closeTry);
    }
    const levelOf = (index: IndexDefinition) =>
      indexCapitalisation(
        index.members,
        (s) => provider.sharesOutstanding(s),
        (s) => lastPrice.get(s),
      ) / (this.divisors[index.code] ?? 1);
    let previousLevels = new Map(this.indices.map((i) => [i.code, levelOf(i)]));
    for (const key of [...closesByMinute.keys()].sort((a, b) => a - b)) {
      for (const [symbol, price] of closesByMinute.get(key)!) lastPrice.set(symbol, price);
      const levels = new Map(this.indices.map((i) => [i.code, levelOf(i)]));
      for (const index of this.indices) {
        if (!this.divisors[index.code]) continue;
        const open = previousLevels.get(index.code)!;
        const close = levels.get(index.code)!;
        rows.push({
          symbol: index.code,
          minute: new Date(key),
          openTry: round2(open),
          highTry: round2(Math.max(open, close)),
          lowTry: round2(Math.min(open, close)),
          closeTry: round2(close),
          volumeShares: 0,
        });
        if (!options.trackRange) continue;
        const range = this.indexRange.get(index.code);
        if (range) {
          range.high = Math.max(range.high, close);
          range.low = Math.min(range.low, close);
        } else
          this.indexRange.set(index.code, { open, high: Math.max(open, close), low: Math.min(open, close) });
      }
      previousLevels = levels;
    }
    await repo.upsertMinuteBars(rows);
    return rows.length;
  }

  private applySnapshots(snapshots: readonly LiveSnapshot[], date: string, now: Date): void {
    const { provider } = this.options;
    const updated: Quote[] = [];
    for (const s of snapshots) {
      const quote: Quote = {
        symbol: s.symbol,
        priceTry: s.priceTry,
        previousCloseTry: s.previousCloseTry,
        openTry: s.openTry,
        highTry: s.highTry,
        lowTry: s.lowTry,
        changePercent: percentChange(s.priceTry, s.previousCloseTry),
        volume: s.volumeShares,
        turnoverTry: s.volumeShares * averagePrice(s),
        date,
        updatedAt: s.asOf ?? now,
      };
      this.quotes.set(s.symbol, quote);
      updated.push(quote);
    }
    for (const index of this.indices) {
      const divisor = this.divisors[index.code];
      if (!divisor) continue;
      const shares = (s: string) => provider.sharesOutstanding(s);
      const level = indexCapitalisation(index.members, shares, (s) => this.quotes.get(s)?.priceTry) / divisor;
      const previous =
        indexCapitalisation(index.members, shares, (s) => this.quotes.get(s)?.previousCloseTry) / divisor;
      const open = indexCapitalisation(index.members, shares, (s) => this.quotes.get(s)?.openTry) / divisor;
      let range = this.indexRange.get(index.code);
      if (!range)
        this.indexRange.set(
          index.code,
          (range = { open, high: Math.max(open, level), low: Math.min(open, level) }),
        );
      range.high = Math.max(range.high, level);
      range.low = Math.min(range.low, level);
      let volume = 0;
      let turnover = 0;
      for (const symbol of index.members) {
        const q = this.quotes.get(symbol);
        if (q) {
          volume += q.volume;
          turnover += q.turnoverTry;
        }
      }
      const quote: Quote = {
        symbol: index.code,
        priceTry: round2(level),
        previousCloseTry: round2(previous),
        openTry: round2(range.open),
        highTry: round2(range.high),
        lowTry: round2(range.low),
        changePercent: percentChange(level, previous),
        volume,
        turnoverTry: turnover,
        date,
        updatedAt: now,
      };
      this.quotes.set(index.code, quote);
      updated.push(quote);
    }
    this.publish(updated);
  }

  /** Folds the current prices into 1-minute bars; a completed minute is written to the database. */
  private async recordMinute(now: Date): Promise<void> {
    const key = Math.floor(now.getTime() / 60_000);
    if (key !== this.minuteKey) {
      await this.flushMinutes();
      this.minuteKey = key;
      for (const [symbol, q] of this.quotes) {
        if (q.date !== this.liveDate) continue;
        this.minutes.set(symbol, {
          openTry: q.priceTry,
          highTry: q.priceTry,
          lowTry: q.priceTry,
          closeTry: q.priceTry,
          volumeAtStart: q.volume,
          volumeNow: q.volume,
        });
      }
      return;
    }
    for (const [symbol, m] of this.minutes) {
      const q = this.quotes.get(symbol);
      if (!q) continue;
      m.highTry = Math.max(m.highTry, q.priceTry);
      m.lowTry = Math.min(m.lowTry, q.priceTry);
      m.closeTry = q.priceTry;
      m.volumeNow = q.volume;
    }
  }

  private async flushMinutes(): Promise<void> {
    if (this.minuteKey < 0 || this.minutes.size === 0) return;
    const minute = new Date(this.minuteKey * 60_000);
    const rows: StoredMinuteBar[] = [...this.minutes].map(([symbol, m]) => ({
      symbol,
      minute,
      openTry: m.openTry,
      highTry: m.highTry,
      lowTry: m.lowTry,
      closeTry: m.closeTry,
      volumeShares: Math.max(0, m.volumeNow - m.volumeAtStart),
    }));
    this.minutes.clear();
    await this.options.repo.upsertMinuteBars(rows);
  }

  private publish(quotes: readonly Quote[]): void {
    this.generation += 1;
    for (const listener of this.listeners) {
      try {
        listener(quotes);
      } catch (error) {
        this.options.log.error({ err: error }, 'quote listener failed');
      }
    }
  }

  // ---------------------------------------------------------------- MarketData

  hasStock(symbol: string): boolean {
    return this.stockInfo.has(symbol);
  }

  stock(symbol: string): StockInfo | undefined {
    return this.stockInfo.get(symbol);
  }

  quote(symbol: string): Quote | undefined {
    return this.quotes.get(symbol);
  }

  /** Every stock quote (not the indices), in symbol order. */
  stockQuotes(): Quote[] {
    const out: Quote[] = [];
    for (const symbol of this.stockSymbols) {
      const q = this.quotes.get(symbol);
      if (q) out.push(q);
    }
    return out;
  }

  sharesOutstanding(symbol: string): number | undefined {
    return this.options.provider.sharesOutstanding(symbol);
  }

  async dailyCloses(symbol: string, fromDate: string, toDate: string): Promise<DailyClose[]> {
    return (await this.dailyClosesMany([symbol], fromDate, toDate)).get(symbol) ?? [];
  }

  async dailyClosesMany(
    symbols: readonly string[],
    fromDate: string,
    toDate: string,
  ): Promise<Map<string, DailyClose[]>> {
    const bars = await this.options.repo.dailyBarsBetween(symbols, fromDate, toDate);
    const result = new Map<string, DailyClose[]>(symbols.map((s) => [s, []]));
    for (const bar of bars) result.get(bar.symbol)?.push({ date: bar.date, closeTry: bar.closeTry });
    return result;
  }

  onQuotes(listener: QuoteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Newest quote time and whether the provider is failing, for the 'Veriler gecikmeli' banner. */
  freshness(now: Date): {
    source: 'simulated' | 'yahoo';
    asOf: string | null;
    stale: boolean;
    ageSeconds: number | null;
  } {
    const newest = this.newestQuoteAt();
    return {
      source: this.options.provider.name,
      asOf: newest ? newest.toISOString() : null,
      stale: this.isStale(),
      ageSeconds: this.ageSeconds(now),
    };
  }

  /** True when the provider failed and the quotes are its last good data. */
  isStale(): boolean {
    return this.lastError !== null || this.options.provider.health().status !== 'ok';
  }

  /** Whole seconds since the newest quote (null before the first). */
  ageSeconds(now: Date): number | null {
    const newest = this.newestQuoteAt();
    return newest ? Math.max(0, Math.round((now.getTime() - newest.getTime()) / 1000)) : null;
  }

  /** Time of the newest quote, found once per generation. */
  private newestQuoteAt(): Date | null {
    if (this.newestQuote.generation !== this.generation) {
      let newest: Date | null = null;
      for (const q of this.quotes.values()) if (!newest || q.updatedAt > newest) newest = q.updatedAt;
      this.newestQuote = { generation: this.generation, at: newest };
    }
    return this.newestQuote.at;
  }

  health(): ComponentHealth {
    if (this.lastError) return { status: 'degraded', detail: `Last tick failed: ${this.lastError}` };
    if (this.quotes.size === 0) return { status: 'down', detail: 'No quotes yet' };
    const provider = this.options.provider.health();
    const tick = this.lastTickAt ? `; last live tick ${this.lastTickAt.toISOString()}` : '';
    return { status: provider.status, detail: `${provider.detail}${tick}` };
  }
}

function toStored(
  symbol: string,
  bar: DailyBar,
  source: StoredDailyBar['source'],
  turnoverTry?: number,
): StoredDailyBar {
  return {
    symbol,
    date: bar.date,
    openTry: bar.openTry,
    highTry: bar.highTry,
    lowTry: bar.lowTry,
    closeTry: bar.closeTry,
    volumeShares: bar.volumeShares,
    turnoverTry:
      turnoverTry ??
      Math.round(bar.volumeShares * ((bar.openTry + bar.highTry + bar.lowTry + bar.closeTry) / 4)),
    source,
  };
}

/** Typical price of the day so far: what the turnover of a snapshot is priced at. */
function averagePrice(s: LiveSnapshot): number {
  return (s.openTry + s.highTry + s.lowTry + s.priceTry) / 4;
}

export function percentChange(price: number, previous: number): number {
  if (!previous) return 0;
  return Math.round(((price - previous) / previous) * 10_000) / 100;
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** The trading day `n` trading days before `date`. */
function tradingDaysBack(date: string, n: number): string {
  let d = date;
  for (let i = 0; i < n; i += 1) d = previousTradingDay(d);
  return d;
}
