import type { ComponentHealth } from '@/lib/health';
import type { DailyClose, MarketData, Quote, QuoteListener, StockInfo } from '@/market/market-data';

/** An in-memory MarketData for tests of modules that read prices; tests set quotes and closes explicitly. */
export class FakeMarketData implements MarketData {
  private readonly stocks = new Map<string, StockInfo>();
  private readonly quotes = new Map<string, Quote>();
  private readonly closes = new Map<string, DailyClose[]>();
  private readonly listeners = new Set<QuoteListener>();
  /** Bumped by every change a test makes, as the engine bumps it on every quote update. */
  generation = 0;
  /** What `health()` reports; tests set it to see a degraded feed. */
  feedHealth: ComponentHealth = { status: 'not_configured', detail: 'No market feed in this test' };

  health(): ComponentHealth {
    return this.feedHealth;
  }

  addStock(info: StockInfo): this {
    this.stocks.set(info.symbol, info);
    return this;
  }

  /** Sets a quote; `previousCloseTry` defaults to the price (0 % change). */
  setQuote(symbol: string, priceTry: number, extra: Partial<Quote> = {}): this {
    const previousCloseTry = extra.previousCloseTry ?? priceTry;
    this.generation += 1;
    this.quotes.set(symbol, {
      symbol,
      priceTry,
      previousCloseTry,
      openTry: priceTry,
      highTry: priceTry,
      lowTry: priceTry,
      changePercent: previousCloseTry ? ((priceTry - previousCloseTry) / previousCloseTry) * 100 : 0,
      volume: 0,
      turnoverTry: 0,
      date: '2026-11-18',
      updatedAt: new Date('2026-11-18T09:30:00Z'),
      ...extra,
    });
    return this;
  }

  setCloses(symbol: string, closes: DailyClose[]): this {
    this.closes.set(
      symbol,
      [...closes].sort((a, b) => a.date.localeCompare(b.date)),
    );
    this.generation += 1;
    return this;
  }

  /** Quote listeners subscribed right now. */
  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Pushes quotes to listeners as the engine does on a tick. */
  emit(symbols: readonly string[]): void {
    const batch = symbols.map((s) => this.quotes.get(s)).filter((q): q is Quote => q !== undefined);
    this.generation += 1;
    for (const listener of this.listeners) listener(batch);
  }

  hasStock(symbol: string): boolean {
    return this.stocks.has(symbol);
  }
  stock(symbol: string): StockInfo | undefined {
    return this.stocks.get(symbol);
  }
  quote(symbol: string): Quote | undefined {
    return this.quotes.get(symbol);
  }
  async dailyCloses(symbol: string, fromDate: string, toDate: string): Promise<DailyClose[]> {
    return (this.closes.get(symbol) ?? []).filter((c) => c.date >= fromDate && c.date <= toDate);
  }
  async dailyClosesMany(
    symbols: readonly string[],
    fromDate: string,
    toDate: string,
  ): Promise<Map<string, DailyClose[]>> {
    const result = new Map<string, DailyClose[]>();
    for (const symbol of symbols) result.set(symbol, await this.dailyCloses(symbol, fromDate, toDate));
    return result;
  }
  onQuotes(listener: QuoteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private readonly minuteListeners = new Set<(minute: Date) => void>();

  onMinuteBars(listener: (minute: Date) => void): () => void {
    this.minuteListeners.add(listener);
    return () => this.minuteListeners.delete(listener);
  }

  /** As the engine does after storing a closed minute bar. */
  closeMinute(minute: Date): void {
    for (const listener of this.minuteListeners) listener(minute);
  }
}
