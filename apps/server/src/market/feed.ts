import type { DailyBar } from '@bist/market';
import type { ComponentHealth } from '@/lib/health';

/** What the market code logs through (the app's logger, or a quiet one in tests). */
export interface EngineLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A stock's state at an instant of the session. */
export interface LiveSnapshot {
  symbol: string;
  priceTry: number;
  openTry: number;
  highTry: number;
  lowTry: number;
  /** Cumulative shares traded today. */
  volumeShares: number;
  previousCloseTry: number;
  /** When the provider's data is from (a delayed feed's quote time); the engine's clock when absent. */
  asOf?: Date;
}

/** A completed day was asked for before the provider's data for it is final; the engine asks again on a later tick. */
export class DataNotFinalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataNotFinalError';
  }
}

/**
 * A source of market data: the deterministic simulator (default) or a real provider. The engine owns storage,
 * minute bars, indices and events; a provider only answers what it knows.
 */
export interface FeedProvider {
  readonly name: 'simulated' | 'yahoo';
  /** First date the provider's history starts from when the database is empty. */
  historyStartDate(): string;
  /** Completed daily bars of these stocks from `fromDate` to `toDate` inclusive (history and catch-up). */
  dailyBars(symbols: readonly string[], fromDate: string, toDate: string): Promise<Map<string, DailyBar[]>>;
  /**
   * The daily update (catch-up) of a provider that reports corporate actions: `dailyBars`' bars with the splits and
   * dividends its answers carried, and those it asked for because a stock's previous close in its answer is not the
   * close stored for that day (`storedCloses`: the last stored bar of each stock, read only when the answer needs
   * it). The engine stores them and adjusts the history for a new split (decision 0062).
   */
  dailyUpdate?(
    symbols: readonly string[],
    fromDate: string,
    toDate: string,
    storedCloses: () => Promise<ReadonlyMap<string, StoredClose>>,
  ): Promise<DailyUpdate>;
  /** Snapshots of the current session at `instant`; stocks the provider cannot price are left out. */
  snapshots(symbols: readonly string[], instant: Date): Promise<LiveSnapshot[]>;
  /** Minute bars of a session from its open to `until` (to resume after a restart), when the provider can replay them. */
  minuteBarsUntil?(symbols: readonly string[], date: string, until: Date): Promise<Map<string, MinuteBar[]>>;
  /**
   * One symbol's completed daily bars from `fromDate` to `toDate` (a stock, or an index the provider publishes), null
   * when the provider has none for it: what the resumable history backfill asks, symbol by symbol (backfill.ts).
   */
  symbolHistory?(
    symbol: string,
    kind: 'stock' | 'index',
    fromDate: string,
    toDate: string,
  ): Promise<SymbolHistory | null>;
  /** The newest completed trading day whose data is final at `now` (the backfill's end). */
  finalThrough?(now: Date): string;
  /** Readies what history needs besides the bars (the real feed's shares outstanding, for the computed indices). */
  prepareHistory?(symbols: readonly string[]): Promise<void>;
  /** Shares outstanding for capitalisation (simulated figures for the simulator). */
  sharesOutstanding(symbol: string): number | undefined;
  health(): ComponentHealth;
}

/**
 * A corporate action the provider reports: a split or bonus issue (`numerator` shares for every `denominator` held
 * from `date` on) or a cash dividend per share.
 */
export type CorporateAction =
  | { kind: 'split'; date: string; numerator: number; denominator: number }
  | { kind: 'dividend'; date: string; amountTry: number };

/** One symbol's history from the provider: bars (adjusted for its splits as of the request) and its actions. */
export interface SymbolHistory {
  bars: DailyBar[];
  actions: CorporateAction[];
}

/** A stock's last stored day and its close. */
export interface StoredClose {
  date: string;
  closeTry: number;
}

/** Completed days from the provider and the corporate actions (per symbol) its answers carried. */
export interface DailyUpdate {
  bars: Map<string, DailyBar[]>;
  actions: Map<string, CorporateAction[]>;
}

export interface MinuteBar {
  minute: Date;
  openTry: number;
  highTry: number;
  lowTry: number;
  closeTry: number;
  volumeShares: number;
}
