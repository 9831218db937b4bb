import {
  STOCKS,
  INDICES,
  istanbulDate,
  isTradingDay,
  previousTradingDay,
  istanbulInstant,
  continuousWindowOn,
  tradingDaysBetween,
  nextTradingDay,
  type DailyBar,
  type IndexDefinition,
} from '@bist/market';
import type { ComponentHealth } from '@/lib/health';
import type { Clock } from '@/lib/clock';
import type { DailyClose, MarketData, Quote, QuoteListener, StockInfo } from './market-data.ts';
import {
  DataNotFinalError,
  type CorporateAction,
  type DailyUpdate,
  type EngineLogger,
  type FeedProvider,
  type LiveSnapshot,
  type StoredClose,
} from './feed.ts';
import { MarketRepository, type StoredDailyBar } from './market.repository.ts';
import { recordCorporateActions } from './corporate-actions.ts';
import { IndexLevels } from './index-levels.ts';
import { MinuteRecorder, replaySessionMinutes } from './minute-bars.ts';
import { QuoteStore, quoteFromSnapshot, quoteFromStoredBars } from './quote-store.ts';
import { lastCompletedTradingDay, tradingDaysBack } from './trading-day.ts';
import { BACKFILL_STATE_KEY, HistoryBackfill } from './backfill.ts';
import { BackfillRepository } from './backfill.repository.ts';

export type { EngineLogger } from './feed.ts';

/**
 * Where this process's quotes come from when several API processes share one database (feed-ownership.ts): 'sole'
 * runs the feed with nobody to share it with (the embedded database, tests), the 'owner' runs it and publishes each
 * tick, a 'follower' takes the owner's published quotes and never calls the provider or writes bars.
 */
export type FeedRole = 'sole' | 'owner' | 'follower';

/** What a follower knows of the feed owner: who it is and its own view of the feed, as last published. */
export interface FeedOwnerView {
  owner: string;
  health: ComponentHealth;
  stale: boolean;
  /** The owner's feed (a follower reports it as its own). */
  feed?: 'simulated' | 'yahoo';
}

export interface MarketEngineOptions {
  repo: MarketRepository;
  provider: FeedProvider;
  clock: Clock;
  log: EngineLogger;
  /**
   * How often quotes are refreshed during the session (default 5 s polling); a function is asked before every
   * tick (the admin setting market_poll_interval_ms).
   */
  tickMs?: number | (() => number);
  /** XU100's level on the last completed day when the indices are first computed (its real 2026 level). */
  xu100Level?: number;
  /** Base level of every other index on the first day of history. */
  indexBaseLevel?: number;
  /** Trading days of 1-minute bars kept in the database. */
  minuteRetentionDays?: number;
}

/** The codes of the indices a real provider publishes itself (its backfill found their history). */
async function providerIndexCodesOf(provider: FeedProvider, backfill: HistoryBackfill): Promise<Set<string>> {
  if (provider.name === 'simulated') return new Set();
  return new Set(
    (await backfill.repo.progress())
      .filter((row) => row.kind === 'index' && row.status === 'done' && row.bars > 0)
      .map((row) => row.symbol),
  );
}

/**
 * The market engine: runs the day — writes the daily bars the database lacks (history on first start, missed days
 * after downtime), ticks the provider during the session, and tells listeners about every update. Its parts: the
 * quotes in memory (quote-store.ts), the indices from their members (index-levels.ts), the 1-minute bars
 * (minute-bars.ts) and the trading-day rules (trading-day.ts). It implements MarketData, which is all other modules
 * see of it.
 */
export class MarketEngine implements MarketData {
  private readonly stockInfo = new Map<string, StockInfo>(STOCKS.map((s) => [s.symbol, { ...s }]));
  private readonly stockSymbols = STOCKS.map((s) => s.symbol);
  private readonly quotes: QuoteStore;
  private readonly levels: IndexLevels;
  private readonly minutes: MinuteRecorder;
  private lastStoredDate: string | null = null;
  private liveDate: string | null = null;
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private lastError: string | null = null;
  private lastTickAt: Date | null = null;
  private role: FeedRole = 'sole';
  private ownerView: FeedOwnerView | null = null;
  /** The feed in use: set at construction, replaced at runtime by `useProvider` (feed-supervisor.ts). */
  private provider: FeedProvider;
  /** Set by `useProvider` until the next catch-up has replaced simulated history with the real feed's. */
  private historyCheckPending = true;
  /** The resumable history backfill of a real provider (decision 0052). */
  readonly backfill: HistoryBackfill;
  private backfillAbort: AbortController | null = null;
  /** Indices whose values come from the provider (the rest are computed from members). */
  private providerIndices = new Set<string>();

  constructor(private readonly options: MarketEngineOptions) {
    this.provider = options.provider;
    this.backfill = new HistoryBackfill({
      market: options.repo,
      backfill: new BackfillRepository(options.repo.database),
      log: options.log,
    });
    this.quotes = new QuoteStore((error) => options.log.error({ err: error }, 'quote listener failed'));
    this.levels = new IndexLevels({
      repo: options.repo,
      indices: INDICES,
      sharesOutstanding: (symbol) => this.provider.sharesOutstanding(symbol),
      xu100Level: options.xu100Level,
      indexBaseLevel: options.indexBaseLevel,
    });
    this.minutes = new MinuteRecorder(options.repo, (minute) => {
      for (const listener of this.minuteListeners) {
        try {
          listener(minute);
        } catch (error) {
          options.log.error({ err: error }, 'minute bar listener failed');
        }
      }
    });
  }

  private readonly minuteListeners = new Set<(minute: Date) => void>();

  /** Called after each closed minute bar of the live session is stored (this process must own the feed). */
  onMinuteBars(listener: (minute: Date) => void): () => void {
    this.minuteListeners.add(listener);
    return () => this.minuteListeners.delete(listener);
  }

  /** Increments whenever quotes change, so derived views (summary, lists) can be cached per generation. */
  get generation(): number {
    return this.quotes.generation;
  }

  /** The feed the served quotes come from (a follower's: the owner's). */
  get providerName(): 'simulated' | 'yahoo' {
    return (this.role === 'follower' ? this.ownerView?.feed : undefined) ?? this.provider.name;
  }

  /**
   * Replaces the feed at runtime (decision 0044): the ticking stops, the session state (quotes, minute recorder,
   * index ranges) starts afresh, and the engine starts again on the new provider — a real provider first replaces
   * stored simulated history with its own (catchUp). A follower only notes the provider: the owner's quotes are
   * what it serves.
   */
  async useProvider(provider: FeedProvider): Promise<void> {
    // The real history is fetched while the old feed keeps serving: the switch itself is short. A provider failure
    // here leaves the engine on its old feed (the caller tries again later).
    const install =
      this.role !== 'follower' && provider.name !== 'simulated'
        ? await this.fetchRealHistory(provider)
        : false;
    const wasLive = this.timer !== undefined;
    await this.stop();
    this.provider = provider;
    this.liveDate = null;
    this.lastStoredDate = null;
    this.lastError = null;
    this.lastTickAt = null;
    this.historyCheckPending = true;
    this.levels.resetSession();
    this.minutes.reset();
    if (this.role === 'follower') return;
    if (install) await this.installRealHistory(provider);
    else await this.useProviderIndices(provider);
    this.quotes.clear();
    await this.start({ live: wasLive });
  }

  /** The last day whose daily bars are stored (null before the first catch-up): stored history changes with it. */
  get storedThrough(): string | null {
    return this.lastStoredDate;
  }

  get indexDefinitions(): readonly IndexDefinition[] {
    return this.levels.indices;
  }

  /** Fills missing history, loads the latest quotes and, unless `live` is false, starts ticking. */
  async start({ live = true }: { live?: boolean } = {}): Promise<void> {
    // The stored divisors first: with the history already complete, nothing else would read them and the live
    // session would have no index quotes.
    await this.levels.load();
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
    // Lost the feed while catching up (feed-ownership.ts): the new owner ticks, not this process.
    if (live && this.role !== 'follower') this.schedule();
  }

  get feedRole(): FeedRole {
    return this.role;
  }

  /** Becomes the feed owner (feed-ownership.ts): catch-up from the stored data, then ticks as a sole engine does. */
  async lead(): Promise<void> {
    this.role = 'owner';
    this.ownerView = null;
    await this.start();
  }

  /** Becomes a follower: stops ticking (if it owned the feed) and from now on only adopts the owner's quotes. */
  async follow(): Promise<void> {
    this.role = 'follower';
    await this.stop();
    // Should this process own the feed again, its first tick begins the session afresh (backfilling its gap).
    this.liveDate = null;
  }

  /** Every quote in memory (stocks and indices), as the feed owner publishes them. */
  allQuotes(): Quote[] {
    return [...this.quotes.entries()].map(([, quote]) => quote);
  }

  /** A follower takes the quotes the owner published at `generation` (listeners hear of those that changed). */
  adoptQuotes(quotes: readonly Quote[], generation: number, owner: FeedOwnerView): void {
    // The owner switched feeds: none of the old feed's quotes may stay beside the new one's.
    if (this.ownerView?.feed && owner.feed && this.ownerView.feed !== owner.feed) this.quotes.clear();
    this.ownerView = owner;
    this.quotes.adopt(quotes, generation);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.ticking) await new Promise((resolve) => setTimeout(resolve, 20));
    await this.minutes.flush();
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
    const { repo, clock } = this.options;
    const provider = this.provider;
    const target = lastCompletedTradingDay(clock.now());
    if (this.historyCheckPending) {
      if (provider.name !== 'simulated' && (await this.fetchRealHistory(provider)))
        await this.installRealHistory(provider);
      else await this.useProviderIndices(provider);
      this.historyCheckPending = false;
    }
    if (this.lastStoredDate === null) this.lastStoredDate = await repo.latestDailyDate();
    if (this.lastStoredDate !== null && this.lastStoredDate >= target) return;

    const firstRun = this.lastStoredDate === null;
    const from =
      this.lastStoredDate === null ? provider.historyStartDate() : nextTradingDay(this.lastStoredDate);
    if (from > target) return;
    const started = Date.now();
    const symbols = [...this.stockSymbols, ...this.providerIndices];
    let update: DailyUpdate;
    try {
      update =
        provider.dailyUpdate && !firstRun
          ? await provider.dailyUpdate(symbols, from, target, () => this.storedCloses())
          : { bars: await provider.dailyBars(symbols, from, target), actions: new Map() };
    } catch (error) {
      if (error instanceof DataNotFinalError) return; // asked again on a later tick
      throw error;
    }
    const rows = storedRows(update.bars, provider);
    const splitsApplied = await this.storeDays(rows, update.actions, from, provider.name);
    await this.writeIndexBars(from, target);
    this.lastStoredDate = target;
    this.options.log.info(
      { from, to: target, stockBars: rows.length, splitsApplied, ms: Date.now() - started },
      firstRun ? 'market history written' : 'market days caught up',
    );
  }

  /** The last stored bar's day and close of every stock (what the daily update checks the provider's answer with). */
  private async storedCloses(): Promise<Map<string, StoredClose>> {
    const last = await this.options.repo.lastBars(this.stockSymbols, 1);
    const out = new Map<string, StoredClose>();
    for (const [symbol, [bar]] of last) if (bar) out.set(symbol, { date: bar.date, closeTry: bar.closeTry });
    return out;
  }

  /**
   * Stores the caught-up days and the corporate actions their answers carried in one transaction: a split first heard
   * of now adjusts the bars stored before `from` once (corporate-actions.ts), so a kill leaves the old days and history
   * or the new ones, never an adjusted history without its split stored (which would adjust it again).
   */
  private async storeDays(
    rows: readonly StoredDailyBar[],
    actions: ReadonlyMap<string, readonly CorporateAction[]>,
    from: string,
    source: FeedProvider['name'],
  ): Promise<number> {
    const { repo } = this.options;
    if (actions.size === 0) {
      await repo.upsertDailyBars(rows);
      return 0;
    }
    return repo.database.transaction(async (tx) => {
      let applied = 0;
      for (const [symbol, list] of actions)
        applied += (await recordCorporateActions(tx, symbol, list, { fetchedFrom: from, source }))
          .splitsApplied;
      await new MarketRepository(tx).upsertDailyBars(rows);
      if (applied > 0)
        this.options.log.info({ from, splits: applied }, 'stored history adjusted for new splits');
      return applied;
    });
  }

  /**
   * Fetches what the real `provider`'s history still lacks into the backfill's staging (resumable: backfill.ts) while
   * the current feed keeps serving. Returns whether an install is due: the stored history is simulated or empty, or a
   * backfill was under way (a restart or kill in the middle resumes here). Throws when the provider fails or the
   * fetch is cancelled; the stored progress stays for the next attempt.
   */
  private async fetchRealHistory(provider: FeedProvider): Promise<boolean> {
    const { repo, clock } = this.options;
    const state = await this.backfill.state();
    if (state?.status === 'installed') return true; // installed; only the index bars were left
    const due =
      state?.status === 'fetching' ||
      (await repo.hasDailyBarsOf('simulated')) ||
      (await repo.latestDailyDate()) === null;
    if (!due) return false;
    const now = clock.now();
    const to = provider.finalThrough?.(now) ?? lastCompletedTradingDay(now);
    const controller = new AbortController();
    this.backfillAbort = controller;
    try {
      const summary = await this.backfill.fetch(provider, provider.historyStartDate(), to, controller.signal);
      if (summary.done === 0) throw new Error(`the ${provider.name} feed returned no history`);
    } finally {
      this.backfillAbort = null;
    }
    return true;
  }

  /** Stops a history backfill under way (an admin switched the feed); its progress stays stored. */
  cancelHistoryFetch(): void {
    this.backfillAbort?.abort(new DOMException('history backfill cancelled', 'AbortError'));
  }

  /**
   * Installs the fetched history in place of the simulated one: in one transaction the simulated bars, the index bars
   * computed from them and the minute bars go and the staged real bars come in (imported bars stay); then the
   * divisors are fixed afresh and the indices the provider does not publish are computed. The models never train on a
   * mix of the two.
   */
  private async installRealHistory(provider: FeedProvider): Promise<void> {
    const { repo } = this.options;
    const state = await this.backfill.state();
    if (!state) return;
    if (state.status === 'fetching') {
      const bars = await this.backfill.repo.install(provider.name, BACKFILL_STATE_KEY, {
        ...state,
        status: 'installed',
      });
      this.options.log.info({ from: state.from, to: state.to, bars }, 'real market history installed');
    }
    await provider.prepareHistory?.(this.stockSymbols);
    await this.levels.reset();
    await this.useProviderIndices(provider);
    await this.writeIndexBars(state.from, state.to);
    await this.backfill.setState({ ...state, status: 'complete' });
    this.lastStoredDate = await repo.latestDailyDate();
    this.historyCheckPending = false;
    this.options.log.info(
      { from: state.from, to: state.to, providerIndices: [...this.providerIndices] },
      'simulated market history replaced by the real feed',
    );
  }

  /** Takes the indices the provider publishes from its values and computes the rest (simulator: all of them). */
  private async useProviderIndices(provider: FeedProvider): Promise<void> {
    this.providerIndices = await providerIndexCodesOf(provider, this.backfill);
    this.levels.setProviderCodes(this.providerIndices);
  }

  /** Index codes whose values are computed from members (the rest are the provider's). */
  computedIndexCodes(): string[] {
    return this.levels.indices.map((i) => i.code).filter((code) => !this.providerIndices.has(code));
  }

  /** Recomputes the index bars of `fromDate`..`toDate` from the stored member bars (also after an import). */
  async writeIndexBars(fromDate: string, toDate: string): Promise<void> {
    const { repo } = this.options;
    const days = tradingDaysBetween(fromDate, toDate);
    if (days.length === 0) return;
    // One trading day of look-back so that members without a bar on the first day carry their last close.
    const stored = await repo.dailyBarsBetween(this.stockSymbols, previousTradingDay(fromDate), toDate);
    const bySymbol = new Map<string, StoredDailyBar[]>();
    for (const bar of stored) {
      const list = bySymbol.get(bar.symbol);
      if (list) list.push(bar);
      else bySymbol.set(bar.symbol, [bar]);
    }
    const bars = await this.levels.dailyBars(bySymbol, days);
    await repo.upsertDailyBars(bars.map(({ code, bar }) => toStored(code, bar, 'computed', bar.turnoverTry)));
  }

  // ---------------------------------------------------------------- quotes

  /**
   * Refreshes the in-memory quotes: from the provider during today's session (and until its bar is stored),
   * otherwise from the last two stored bars of every symbol.
   */
  async refresh(): Promise<void> {
    const { clock } = this.options;
    const provider = this.provider;
    const now = clock.now();
    const today = istanbulDate(now);
    const window = isTradingDay(today) ? continuousWindowOn(today) : undefined;
    const sessionStarted = window !== undefined && now >= istanbulInstant(today, window.startMinute);
    const todayStored = this.lastStoredDate !== null && this.lastStoredDate >= today;

    if (sessionStarted && !todayStored) {
      if (this.liveDate !== today) await this.beginSession(today, now);
      const snapshots = await provider.snapshots([...this.stockSymbols, ...this.providerIndices], now);
      if (snapshots.length > 0) {
        this.applySnapshots(snapshots, today, now);
        await this.storedQuotesOfUnquotedIndices();
        await this.minutes.record(now, this.quotes, today);
        this.lastTickAt = now;
        return;
      }
    }
    if (this.liveDate !== null) {
      await this.minutes.flush();
      this.liveDate = null;
    }
    await this.loadStoredQuotes();
  }

  /** An index the provider publishes history for but gave no live quote for keeps its last stored level. */
  private async storedQuotesOfUnquotedIndices(): Promise<void> {
    const missing = [...this.providerIndices].filter((code) => !this.quotes.get(code));
    if (missing.length === 0) return;
    const last = await this.options.repo.lastBars(missing, 2);
    const quotes: Quote[] = [];
    for (const code of missing) {
      const bars = last.get(code);
      if (bars?.[0]) quotes.push(quoteFromStoredBars(code, bars[0], bars[1]));
    }
    this.quotes.publish(quotes);
  }

  /** Quotes from the last two stored bars (weekends, nights, before the open, after the day's bar is written). */
  private async loadStoredQuotes(): Promise<void> {
    const symbols = [...this.stockSymbols, ...this.levels.indices.map((i) => i.code)];
    const last = await this.options.repo.lastBars(symbols, 2);
    const updated: Quote[] = [];
    for (const symbol of symbols) {
      const bars = last.get(symbol);
      const bar = bars?.[0];
      if (!bar) continue;
      const existing = this.quotes.get(symbol);
      if (
        existing &&
        existing.date === bar.date &&
        existing.priceTry === bar.closeTry &&
        existing.volume === bar.volumeShares
      )
        continue;
      updated.push(quoteFromStoredBars(symbol, bar, bars[1]));
    }
    this.quotes.publish(updated);
  }

  /** Starts a trading day: resets the index ranges and, after a restart mid-session, backfills its minute bars. */
  private async beginSession(date: string, now: Date): Promise<void> {
    this.liveDate = date;
    this.levels.resetSession();
    this.minutes.reset();
    const window = continuousWindowOn(date);
    if (!window || !this.provider.minuteBarsUntil) return;
    const open = istanbulInstant(date, window.startMinute);
    const currentMinute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const stored = await this.options.repo.latestMinute(open, new Date(open.getTime() + 24 * 3_600_000));
    if (stored && stored.getTime() >= currentMinute.getTime() - 60_000) return;
    const rows = await this.replay(date, currentMinute, { stocks: true, trackRange: true });
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
    if (!date || this.liveDate !== null || !this.provider.minuteBarsUntil) return;
    const window = continuousWindowOn(date);
    if (!window) return;
    const open = istanbulInstant(date, window.startMinute);
    const end = istanbulInstant(date, window.endMinute);
    if (await this.options.repo.latestMinute(open, new Date(end.getTime() + 60_000))) return;
    const rows = await this.replay(date, end, { stocks: false, trackRange: false });
    this.options.log.info({ date, minuteBars: rows }, 'last session index minute bars replayed');
  }

  /** Replays a stock's minute bars for sessions the database has none of (simulated provider only). */
  async ensureStockMinutes(symbol: string, dates: readonly string[]): Promise<void> {
    const { repo } = this.options;
    const provider = this.provider;
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

  private replay(
    date: string,
    until: Date,
    options: { stocks: boolean; trackRange: boolean },
  ): Promise<number> {
    const { repo } = this.options;
    const provider = this.provider;
    return replaySessionMinutes(
      { provider, repo, stockSymbols: this.stockSymbols, levels: this.levels },
      date,
      until,
      options,
    );
  }

  /** A provider tick: the stocks' quotes, then the indices' from them, announced as one batch. */
  private applySnapshots(snapshots: readonly LiveSnapshot[], date: string, now: Date): void {
    const stocks = snapshots.map((s) => quoteFromSnapshot(s, date, now));
    this.quotes.put(stocks);
    const indices = this.levels.liveQuotes((symbol) => this.quotes.get(symbol), date, now);
    this.quotes.publish([...stocks, ...indices]);
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
    return this.quotes.pick(this.stockSymbols);
  }

  sharesOutstanding(symbol: string): number | undefined {
    return this.provider.sharesOutstanding(symbol);
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
    return this.quotes.onQuotes(listener);
  }

  /** Newest quote time and whether the provider is failing, for the 'Veriler gecikmeli' banner. */
  freshness(now: Date): {
    source: 'simulated' | 'yahoo';
    asOf: string | null;
    stale: boolean;
    ageSeconds: number | null;
  } {
    const newest = this.quotes.newestAt();
    return {
      source: this.providerName,
      asOf: newest ? newest.toISOString() : null,
      stale: this.isStale(),
      ageSeconds: this.ageSeconds(now),
    };
  }

  /** True when the provider failed and the quotes are its last good data. */
  isStale(): boolean {
    if (this.role === 'follower') return this.ownerView?.stale ?? true;
    return this.lastError !== null || this.provider.health().status !== 'ok';
  }

  /** Whole seconds since the newest quote (null before the first). */
  ageSeconds(now: Date): number | null {
    const newest = this.quotes.newestAt();
    return newest ? Math.max(0, Math.round((now.getTime() - newest.getTime()) / 1000)) : null;
  }

  health(): ComponentHealth {
    if (this.role === 'follower') {
      if (!this.ownerView)
        return { status: 'degraded', detail: 'Follower: waiting for the feed owner to publish quotes' };
      const { owner, health } = this.ownerView;
      return { status: health.status, detail: `Follower of the feed owner ${owner}: ${health.detail}` };
    }
    const own = this.feedHealth();
    return this.role === 'owner' ? { ...own, detail: `Feed owner (this process): ${own.detail}` } : own;
  }

  /** The feed's own health (provider state, last tick), without the role: what the owner publishes. */
  feedHealth(): ComponentHealth {
    if (this.lastError) return { status: 'degraded', detail: `Last tick failed: ${this.lastError}` };
    if (this.quotes.size === 0) return { status: 'down', detail: 'No quotes yet' };
    const provider = this.provider.health();
    const tick = this.lastTickAt ? `; last live tick ${this.lastTickAt.toISOString()}` : '';
    return { status: provider.status, detail: `${provider.detail}${tick}` };
  }
}

function storedRows(
  bars: ReadonlyMap<string, readonly DailyBar[]>,
  provider: FeedProvider,
): StoredDailyBar[] {
  const source = provider.name === 'yahoo' ? 'yahoo' : 'simulated';
  const rows: StoredDailyBar[] = [];
  for (const [symbol, list] of bars) for (const bar of list) rows.push(toStored(symbol, bar, source));
  return rows;
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
