import type { ComponentHealth } from '@/lib/health';

/**
 * What other capabilities read from the market engine. The engine (src/market/engine.ts) implements it;
 * tests of other modules may use `FakeMarketData` (test/fake-market-data.ts). Prices are TRY.
 */
export interface Quote {
  symbol: string;
  /** Last traded price (or the close outside the session). */
  priceTry: number;
  previousCloseTry: number;
  openTry: number;
  highTry: number;
  lowTry: number;
  /** Percent change against the previous close, e.g. 1.25 for +1.25 %. */
  changePercent: number;
  /** Shares traded today. */
  volume: number;
  /** Turnover today, TRY. */
  turnoverTry: number;
  /** Istanbul trading date the quote belongs to, 'YYYY-MM-DD'. */
  date: string;
  updatedAt: Date;
}

export interface StockInfo {
  symbol: string;
  name: string;
  sector: string;
}

export interface DailyClose {
  date: string;
  closeTry: number;
}

export type QuoteListener = (quotes: readonly Quote[]) => void;

export interface MarketData {
  /** The feed's health (provider state, data age), for the admin dashboard. */
  health(): ComponentHealth;
  /** Changes whenever any quote changes (views derived from quotes are cached per generation). */
  readonly generation: number;
  /** Is this a listed stock (not an index)? */
  hasStock(symbol: string): boolean;
  stock(symbol: string): StockInfo | undefined;
  /** Latest quote of a stock or an index code (e.g. 'XU100'), from memory. */
  quote(symbol: string): Quote | undefined;
  /** Daily closes of a stock or index from `fromDate` to `toDate` inclusive, ascending. */
  dailyCloses(symbol: string, fromDate: string, toDate: string): Promise<DailyClose[]>;
  /** Daily closes of many symbols at once (one query), keyed by symbol. */
  dailyClosesMany(
    symbols: readonly string[],
    fromDate: string,
    toDate: string,
  ): Promise<Map<string, DailyClose[]>>;
  /** Called with each batch of updated quotes (ticks during the session, the close at the end). */
  onQuotes(listener: QuoteListener): () => void;
  /** Called after each closed minute bar is stored (only where this process records them: the feed's owner). */
  onMinuteBars?(listener: (minute: Date) => void): () => void;
}
