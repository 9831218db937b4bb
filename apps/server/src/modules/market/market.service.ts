import {
  SECTORS,
  STOCKS,
  addCalendarDays,
  continuousWindowOn,
  foldTurkish,
  istanbulDate,
  istanbulInstant,
  previousTradingDay,
  priceBand,
  tradingDaysBetween,
  tickSizeTry,
} from '@bist/market';
import {
  HISTORY_WARMUP_BARS,
  TOP_LIST_ITEMS,
  type Candle,
  type IndexMember,
  type Freshness,
  type HistoryRange,
  type IndexItem,
  type LiveQuote,
  type MarketSummary,
  type StockListItem,
  type StockListQuery,
} from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import { NotFoundError, ServiceUnavailableError } from '@/lib/errors';
import type { MarketEngine } from '@/market/engine';
import type { Quote } from '@/market/market-data';
import type { MarketRepository } from '@/market/market.repository';
import { VersionedCache } from '@/lib/versioned-cache';
import { rangeUnits } from '@/modules/reference-series/range-units';
import type { ReferenceSeriesService } from '@/modules/reference-series/reference-series.service';

export const MARKET_MESSAGES = {
  unknownStock: (symbol: string) => `Hisse bulunamadı: ${symbol}`,
  unknownIndex: (code: string) => `Endeks bulunamadı: ${code}`,
  noData: 'Piyasa verisi henüz hazır değil. Lütfen biraz sonra tekrar deneyin.',
} as const;

/** Folded 'SYMBOL name' of every stock, for Turkish-aware search ('ısı', 'ISI' and 'İş' all match 'Işıklar'). */
const SEARCH_KEYS = new Map(STOCKS.map((s) => [s.symbol, foldTurkish(`${s.symbol} ${s.name}`)]));
const STOCK_BY_SYMBOL = new Map(STOCKS.map((s) => [s.symbol, s]));
const INDEX_MEMBERSHIP = new Map<string, string[]>();

/** Charts whose database candles are kept: every stock and index at a few ranges. */
const STORED_CANDLES_MAX = 2_000;
/** Minutes a chart's stored daily candles are kept at most (bars imported by another process show after it). */
const STORED_CANDLES_TTL_MIN = 10;
/** Calendar days of daily history per chart range. */
const DAILY_RANGE_DAYS: Record<Exclude<HistoryRange, '1G' | '1H'>, number> = {
  '1A': 31,
  '3A': 92,
  '1Y': 366,
  '5Y': 5 * 366,
};

/**
 * Calendar days before a daily chart's window read for its warm-up candles: HISTORY_WARMUP_BARS sessions are about
 * 280 calendar days (five sessions a week), with room for holidays.
 */
const WARMUP_CALENDAR_DAYS = 310;
/** Sessions before an intraday chart's window read for its warm-up candles (≥ HISTORY_WARMUP_BARS bars each). */
const WARMUP_SESSIONS: Record<'1G' | '1H', number> = { '1G': 3, '1H': 7 };

/** A chart's stored candles and the candles just before them that its indicators warm up on. */
interface StoredChart {
  candles: Candle[];
  warmup: Candle[];
}

/** Every stock's live quote, most traded first, with the freshness of the quotes. */
export interface LiveData {
  quotes: LiveQuote[];
  freshness: Freshness;
}

interface Cached<T> {
  /** What the value was made from: `quotesVersion()`, or `viewVersion()` for values with freshness. */
  version: string;
  value: T;
}

/** The 52-week range shown: the stored closes of the last 365 days and the current price (null without history). */
function week52(
  closes: { low: number; high: number } | undefined,
  price: number,
): { week52_low: number | null; week52_high: number | null } {
  return closes
    ? { week52_low: Math.min(closes.low, price), week52_high: Math.max(closes.high, price) }
    : { week52_low: null, week52_high: null };
}

/**
 * Market views for the customer API: everything is derived from the engine's in-memory quotes or stored bars.
 * Views that only change with the quotes say which version of the quotes they are made from (`quotesVersion`,
 * `viewVersion`), so that a caller may keep one answer per version.
 */
export class MarketService {
  private liveCache: Cached<LiveData> | undefined;
  /** Candles read from the database, per chart (kind, symbol, range); bounded like the encoded answers. */
  private readonly storedCandles = new VersionedCache<string, StoredChart>(STORED_CANDLES_MAX);
  private readonly storedRanges = new VersionedCache<'all', Map<string, { low: number; high: number }>>(1);
  private indexCache: Cached<IndexItem[]> | undefined;

  constructor(
    private readonly engine: MarketEngine,
    private readonly repo: MarketRepository,
    private readonly clock: Clock,
    /** The reference series a daily chart's change in dollars and real lira is measured with (decision 0063). */
    private readonly referenceSeries?: Pick<ReferenceSeriesService, 'comparisonSeries' | 'version'>,
  ) {
    if (INDEX_MEMBERSHIP.size === 0) {
      for (const index of engine.indexDefinitions) {
        for (const symbol of index.members) {
          const list = INDEX_MEMBERSHIP.get(symbol);
          if (list) list.push(index.code);
          else INDEX_MEMBERSHIP.set(symbol, [index.code]);
        }
      }
    }
  }

  private freshness(): Freshness {
    return this.engine.freshness(this.clock.now());
  }

  /** Version of the views made from the quotes alone (the stock list): the engine's quote generation. */
  quotesVersion(): string {
    return String(this.engine.generation);
  }

  /**
   * Version of a chart's candles: the quote generation — during a session every bar the engine writes comes with new
   * quotes, and the forming candle is the live quote — and the minute, so bars written by another process (a price
   * import, the feed owner of a scaled-out deployment) show within a minute.
   */
  historyVersion(): string {
    const series = this.referenceSeries?.version() ?? '';
    return `${this.engine.generation}|${Math.floor(this.clock.now().getTime() / 60_000)}|${series}`;
  }

  /**
   * Version of every view that carries quotes and their freshness (summary, live data): the quote generation, plus
   * the provider's state and the data's age in whole seconds, which change between ticks (a failing provider turns
   * 'stale' on with no new quote). An answer kept per version is therefore at most a second old in its age and
   * never wrong in its quotes.
   */
  viewVersion(): string {
    return `${this.engine.generation}|${this.engine.isStale() ? 1 : 0}|${this.engine.ageSeconds(this.clock.now()) ?? ''}`;
  }

  private stockQuotes(): Quote[] {
    const quotes = this.engine.stockQuotes();
    if (quotes.length === 0) throw new ServiceUnavailableError(MARKET_MESSAGES.noData);
    return quotes;
  }

  /** The market overview computed from the live quotes (depends on `viewVersion()`). */
  summary(): MarketSummary {
    const quotes = this.stockQuotes();
    let marketCap = 0;
    let turnover = 0;
    let advancers = 0;
    let decliners = 0;
    for (const q of quotes) {
      marketCap += (this.engine.sharesOutstanding(q.symbol) ?? 0) * q.priceTry;
      turnover += q.turnoverTry;
      if (q.changePercent > 0) advancers += 1;
      else if (q.changePercent < 0) decliners += 1;
    }
    const mover = (q: Quote) => ({
      symbol: q.symbol,
      change: q.changePercent,
      price: q.priceTry,
      company_name: STOCK_BY_SYMBOL.get(q.symbol)?.name ?? q.symbol,
    });
    const byChange = [...quotes].sort(
      (a, b) => b.changePercent - a.changePercent || a.symbol.localeCompare(b.symbol),
    );
    const xu100 = this.engine.quote('XU100');
    return {
      overview: {
        total_stocks: STOCKS.length,
        total_sectors: SECTORS.length,
        market_cap: Math.round(marketCap),
        daily_volume: Math.round(turnover),
        total_indices: this.engine.indexDefinitions.length,
      },
      performance: {
        bist100_change: xu100?.changePercent ?? 0,
        bist100_value: xu100?.priceTry ?? 0,
        advancers,
        decliners,
        unchanged: quotes.length - advancers - decliners,
      },
      top_gainers: byChange
        .slice(0, TOP_LIST_ITEMS)
        .filter((q) => q.changePercent > 0)
        .map(mover),
      top_losers: byChange
        .slice(-TOP_LIST_ITEMS)
        .reverse()
        .filter((q) => q.changePercent < 0)
        .map(mover),
      sector_distribution: SECTORS.map((s) => ({ sector: s.sector, count: s.stockCount })),
      sector_moves: this.sectorMoves(quotes),
      date: quotes[0]!.date,
      freshness: this.freshness(),
    };
  }

  /** Each sector's capitalisation-weighted move today, most rising first (the summary's `sector_moves`). */
  private sectorMoves(quotes: readonly Quote[]): { sector: string; change_percent: number; count: number }[] {
    const sums = new Map<string, { now: number; before: number; changes: number; count: number }>();
    for (const q of quotes) {
      const sector = STOCK_BY_SYMBOL.get(q.symbol)?.sector;
      if (!sector) continue;
      const shares = this.engine.sharesOutstanding(q.symbol) ?? 0;
      const sum = sums.get(sector) ?? { now: 0, before: 0, changes: 0, count: 0 };
      sum.now += shares * q.priceTry;
      sum.before += shares * q.previousCloseTry;
      sum.changes += q.changePercent;
      sum.count += 1;
      sums.set(sector, sum);
    }
    return [...sums]
      .map(([sector, sum]) => ({
        sector,
        change_percent: round2(
          sum.before > 0 ? (sum.now / sum.before - 1) * 100 : sum.changes / Math.max(1, sum.count),
        ),
        count: sum.count,
      }))
      .sort((a, b) => b.change_percent - a.change_percent || a.sector.localeCompare(b.sector, 'tr'));
  }

  /**
   * The `limit` most traded stocks' quotes (all without a limit) with their freshness (depends on `viewVersion()`).
   * The sorted list is made once per version and shared by every limit.
   */
  liveData(limit?: number): LiveData {
    const live = this.live();
    if (limit === undefined || limit >= live.quotes.length) return live;
    return { quotes: live.quotes.slice(0, limit), freshness: live.freshness };
  }

  private live(): LiveData {
    const version = this.viewVersion();
    if (this.liveCache?.version !== version) {
      const quotes = this.stockQuotes()
        .map((q) => ({
          symbol: q.symbol,
          name: STOCK_BY_SYMBOL.get(q.symbol)?.name ?? q.symbol,
          sector: STOCK_BY_SYMBOL.get(q.symbol)?.sector ?? '',
          price: q.priceTry,
          changePercent: q.changePercent,
          volume: q.volume,
          turnover: Math.round(q.turnoverTry),
        }))
        .sort((a, b) => b.turnover - a.turnover || a.symbol.localeCompare(b.symbol));
      this.liveCache = { version, value: { quotes, freshness: this.freshness() } };
    }
    return this.liveCache.value;
  }

  /**
   * Version of the stock list: the quotes, and the day and 10-minute period of the stored closes behind its 52-week
   * ranges (a day's close is stored once; closes imported by another process show after at most 10 minutes).
   */
  stockListVersion(): string {
    return `${this.engine.generation}|${this.closeRangesVersion()}`;
  }

  private closeRangesVersion(): string {
    const now = this.clock.now();
    return `${istanbulDate(now)}|${Math.floor(now.getTime() / (STORED_CANDLES_TTL_MIN * 60_000))}`;
  }

  /** Every stock's lowest and highest stored close of the last 365 days, read once per version. */
  private closeRanges(): Promise<Map<string, { low: number; high: number }>> {
    const today = istanbulDate(this.clock.now());
    return this.storedRanges.getAsync('all', this.closeRangesVersion(), () =>
      this.repo.closeRanges(addCalendarDays(today, -365), today),
    );
  }

  /**
   * The filtered, sorted page behind /api/stocks/list: filter by sector and Turkish-folded search, sort, page
   * (depends on `quotesVersion()`).
   */
  async stockList(
    query: StockListQuery,
  ): Promise<{ stocks: StockListItem[]; total: number; page: number; limit: number }> {
    const ranges = await this.closeRanges();
    const folded = query.search ? foldTurkish(query.search) : '';
    const sector = query.sector && query.sector !== 'all' ? query.sector : undefined;
    const rows: StockListItem[] = [];
    for (const q of this.stockQuotes()) {
      const stock = STOCK_BY_SYMBOL.get(q.symbol);
      if (!stock) continue;
      if (sector && stock.sector !== sector) continue;
      if (folded && !SEARCH_KEYS.get(q.symbol)!.includes(folded)) continue;
      const shares = this.engine.sharesOutstanding(q.symbol);
      rows.push({
        symbol: q.symbol,
        company_name: stock.name,
        price: q.priceTry,
        change_percent: q.changePercent,
        volume: q.volume,
        turnover: Math.round(q.turnoverTry),
        sector: stock.sector,
        market_cap: shares ? Math.round(shares * q.priceTry) : null,
        ...week52(ranges.get(q.symbol), q.priceTry),
      });
    }
    const direction = query.sort_order === 'desc' ? -1 : 1;
    const key: (r: StockListItem) => number | string = {
      symbol: (r: StockListItem) => r.symbol,
      price: (r: StockListItem) => r.price,
      change: (r: StockListItem) => r.change_percent,
      volume: (r: StockListItem) => r.volume,
    }[query.sort_by];
    // A search ranks symbols that start with the text first (typing 'GARAN' finds GARAN before other names).
    const prefixRank = (r: StockListItem) => (folded && foldTurkish(r.symbol).startsWith(folded) ? 0 : 1);
    rows.sort((a, b) => {
      const rank = prefixRank(a) - prefixRank(b);
      if (rank !== 0 && query.sort_by === 'symbol') return rank;
      const ka = key(a);
      const kb = key(b);
      const cmp = typeof ka === 'string' ? ka.localeCompare(kb as string) : ka - (kb as number);
      return cmp * direction || a.symbol.localeCompare(b.symbol);
    });
    const start = (query.page - 1) * query.limit;
    return {
      stocks: rows.slice(start, start + query.limit),
      total: rows.length,
      page: query.page,
      limit: query.limit,
    };
  }

  sectors(): { sector: string; count: number }[] {
    return SECTORS.map((s) => ({ sector: s.sector, count: s.stockCount }));
  }

  private requireStock(symbol: string): Quote {
    if (!this.engine.hasStock(symbol)) throw new NotFoundError(MARKET_MESSAGES.unknownStock(symbol));
    const quote = this.engine.quote(symbol);
    if (!quote) throw new ServiceUnavailableError(MARKET_MESSAGES.noData);
    return quote;
  }

  async profile(symbol: string) {
    const q = this.requireStock(symbol);
    const stock = STOCK_BY_SYMBOL.get(symbol)!;
    const yearAgo = addCalendarDays(q.date, -365);
    const bars = await this.repo.dailyBarsBetween([symbol], yearAgo, q.date);
    const closes = bars.map((b) => b.closeTry);
    const recent = bars.slice(-20);
    const shares = this.engine.sharesOutstanding(symbol);
    const band = priceBand(q.previousCloseTry);
    return {
      symbol,
      company_name: stock.name,
      sector: stock.sector,
      price: q.priceTry,
      change_percent: q.changePercent,
      change: round2(q.priceTry - q.previousCloseTry),
      previous_close: q.previousCloseTry,
      open: q.openTry,
      high: q.highTry,
      low: q.lowTry,
      volume: q.volume,
      turnover: Math.round(q.turnoverTry),
      market_cap: shares ? Math.round(shares * q.priceTry) : null,
      ...week52(
        closes.length ? { low: Math.min(...closes), high: Math.max(...closes) } : undefined,
        q.priceTry,
      ),
      avg_volume_20d: recent.length
        ? Math.round(recent.reduce((s, b) => s + b.volumeShares, 0) / recent.length)
        : null,
      price_band: { lower: band.lowerTry, upper: band.upperTry },
      tick_size: tickSizeTry(q.priceTry),
      indices: INDEX_MEMBERSHIP.get(symbol) ?? [],
      date: q.date,
      freshness: this.freshness(),
    };
  }

  /**
   * Candles for a chart range: 5-minute bars for 1G, 15-minute for 1H (5 sessions), daily bars otherwise; with up to
   * HISTORY_WARMUP_BARS candles of the same interval before the window (`warmup`) for the indicators.
   */
  async history(symbol: string, range: HistoryRange, kind: 'stock' | 'index') {
    const q = kind === 'stock' ? this.requireStock(symbol) : this.requireIndex(symbol);
    const minute = Math.floor(this.clock.now().getTime() / 60_000);
    if (range === '1G' || range === '1H') {
      // The 1-minute bars are written once a minute: the chart is read at most once a minute.
      const stored = await this.storedCandles.getAsync(
        `${kind}|${symbol}|${range}`,
        `${q.date}|${minute}`,
        () => this.intradayCandles(symbol, range, q.date, kind),
      );
      return {
        symbol,
        range,
        interval: range === '1G' ? ('5m' as const) : ('15m' as const),
        candles: stored.candles,
        warmup: stored.warmup,
        units: null,
      };
    }
    // A day's bar is written once after the close (today's forming candle is the live quote, added below); bars
    // written by another process (a price import) show within STORED_CANDLES_TTL_MIN minutes.
    const stored = await this.storedCandles.getAsync(
      `${kind}|${symbol}|${range}`,
      `${q.date}|${Math.floor(minute / STORED_CANDLES_TTL_MIN)}`,
      () => this.dailyCandles(symbol, range, q.date),
    );
    // During the session today's bar is not stored yet: the live quote is today's forming candle.
    const candles =
      kind === 'stock' && stored.candles.at(-1)?.time !== q.date
        ? [
            ...stored.candles,
            {
              time: q.date,
              open: q.openTry,
              high: q.highTry,
              low: q.lowTry,
              close: q.priceTry,
              volume: q.volume,
            },
          ]
        : stored.candles;
    return {
      symbol,
      range,
      interval: '1d' as const,
      candles,
      warmup: stored.warmup,
      units: await this.rangeUnits(candles),
    };
  }

  /** The daily chart's change in dollars and real lira; null under two candles or without the reference series. */
  private async rangeUnits(candles: readonly Candle[]) {
    const first = candles[0];
    const last = candles.at(-1);
    if (!this.referenceSeries || !first || !last || candles.length < 2 || !(first.close > 0)) return null;
    return rangeUnits(
      { date: first.time, close: first.close },
      { date: last.time, close: last.close },
      await this.referenceSeries.comparisonSeries(),
    );
  }

  private async intradayCandles(
    symbol: string,
    range: '1G' | '1H',
    date: string,
    kind: 'stock' | 'index',
  ): Promise<StoredChart> {
    const fromDate = sessionsBack(date, range === '1G' ? 1 : 5);
    const warmupDate = sessionsBack(fromDate, WARMUP_SESSIONS[range] + 1);
    const from = istanbulInstant(fromDate, 0);
    const warmupFrom = istanbulInstant(warmupDate, 0);
    const to = istanbulInstant(addCalendarDays(date, 1), 0);
    if (kind === 'stock') await this.engine.ensureStockMinutes(symbol, tradingDaysBetween(warmupDate, date));
    const bars = await this.repo.intradayBars(symbol, warmupFrom, to, range === '1G' ? 5 : 15);
    const candles = bars.map((b) => ({
      time: b.minute.toISOString(),
      open: b.openTry,
      high: b.highTry,
      low: b.lowTry,
      close: b.closeTry,
      volume: b.volumeShares,
    }));
    return splitWarmup(candles, (c) => Date.parse(c.time) < from.getTime());
  }

  private async dailyCandles(
    symbol: string,
    range: Exclude<HistoryRange, '1G' | '1H'>,
    date: string,
  ): Promise<StoredChart> {
    const windowStart = addCalendarDays(date, -DAILY_RANGE_DAYS[range]);
    const bars = await this.repo.dailyBarsBetween(
      [symbol],
      addCalendarDays(windowStart, -WARMUP_CALENDAR_DAYS),
      date,
    );
    const candles = bars.map((b) => ({
      time: b.date,
      open: b.openTry,
      high: b.highTry,
      low: b.lowTry,
      close: b.closeTry,
      volume: b.volumeShares,
    }));
    return splitWarmup(candles, (c) => c.time < windowStart);
  }

  indexList(): IndexItem[] {
    const version = this.quotesVersion();
    if (this.indexCache?.version !== version) {
      const items: IndexItem[] = [];
      for (const index of this.engine.indexDefinitions) {
        const q = this.engine.quote(index.code);
        if (!q) continue;
        let cap = 0;
        for (const symbol of index.members)
          cap += (this.engine.sharesOutstanding(symbol) ?? 0) * (this.engine.quote(symbol)?.priceTry ?? 0);
        items.push({
          code: index.code,
          name: index.name,
          description: index.description,
          value: q.priceTry,
          change_percent: q.changePercent,
          volume: Math.round(q.turnoverTry),
          market_cap: Math.round(cap),
          member_count: index.members.length,
        });
      }
      this.indexCache = { version, value: items };
    }
    return this.indexCache.value;
  }

  private requireIndex(code: string): Quote {
    const definition = this.engine.indexDefinitions.find((i) => i.code === code);
    if (!definition) throw new NotFoundError(MARKET_MESSAGES.unknownIndex(code));
    const quote = this.engine.quote(code);
    if (!quote) throw new ServiceUnavailableError(MARKET_MESSAGES.noData);
    return quote;
  }

  /**
   * GET /api/indices/{id}/members: the members' quotes and their weights as the product computes the level
   * (capitalisation = shares outstanding × price, no free-float factors); a member without known shares has no
   * weight, and the rest are weighted among themselves (depends on `quotesVersion()`).
   */
  indexMembers(code: string): {
    code: string;
    members: IndexMember[];
    weights: 'capitalisation' | 'unknown';
    date: string;
  } {
    const q = this.requireIndex(code);
    const definition = this.engine.indexDefinitions.find((i) => i.code === code)!;
    const rows = definition.members.flatMap((symbol) => {
      const quote = this.engine.quote(symbol);
      if (!quote) return [];
      const shares = this.engine.sharesOutstanding(symbol);
      const stock = STOCK_BY_SYMBOL.get(symbol);
      return [
        {
          symbol,
          company_name: stock?.name ?? symbol,
          sector: stock?.sector ?? '',
          price: quote.priceTry,
          change_percent: quote.changePercent,
          market_cap: shares ? Math.round(shares * quote.priceTry) : null,
        },
      ];
    });
    const total = rows.reduce((sum, r) => sum + (r.market_cap ?? 0), 0);
    const members: IndexMember[] = rows
      .map((r) => ({
        ...r,
        weight_percent: r.market_cap !== null && total > 0 ? round2((r.market_cap / total) * 100) : null,
      }))
      .sort(
        (a, b) => (b.weight_percent ?? -1) - (a.weight_percent ?? -1) || a.symbol.localeCompare(b.symbol),
      );
    return {
      code,
      members,
      weights: total > 0 ? 'capitalisation' : 'unknown',
      date: q.date,
    };
  }

  /** GET /api/indices/{id}/data: the index with its real intraday series (15-minute points of its session). */
  async indexData(code: string) {
    const q = this.requireIndex(code);
    const item = this.indexList().find((i) => i.code === code)!;
    const definition = this.engine.indexDefinitions.find((i) => i.code === code)!;
    const window = continuousWindowOn(q.date);
    const from = istanbulInstant(q.date, window?.startMinute ?? 600);
    const to = istanbulInstant(q.date, (window?.endMinute ?? 1080) + 15);
    const bars = await this.repo.intradayBars(code, from, to, 15);
    const intraday = bars.map((b) => ({
      time: new Date(b.minute.getTime() + 15 * 60_000).toISOString(),
      value: b.closeTry,
    }));
    // The series starts at the open with the previous close, and ends with the latest level.
    if (bars.length > 0) intraday.unshift({ time: from.toISOString(), value: bars[0]!.openTry });
    return {
      ...item,
      previous_close: q.previousCloseTry,
      high: q.highTry,
      low: q.lowTry,
      date: q.date,
      intraday,
      members: [...definition.members],
    };
  }
}

/** The candles before the window (at most HISTORY_WARMUP_BARS, the latest) and the window's own candles. */
function splitWarmup(candles: Candle[], before: (candle: Candle) => boolean): StoredChart {
  let first = 0;
  while (first < candles.length && before(candles[first]!)) first += 1;
  return {
    warmup: candles.slice(Math.max(0, first - HISTORY_WARMUP_BARS), first),
    candles: candles.slice(first),
  };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** The trading day `n − 1` sessions before `date`, so that [result, date] spans n sessions. */
function sessionsBack(date: string, n: number): string {
  let d = date;
  for (let i = 1; i < n; i += 1) d = previousTradingDay(d);
  return d;
}
