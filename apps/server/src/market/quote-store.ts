import type { LiveSnapshot } from './feed.ts';
import type { Quote, QuoteListener } from './market-data.ts';
import type { StoredDailyBar } from './market.repository.ts';
import { sessionEndOf } from './trading-day.ts';

/**
 * The latest quote of every stock and index, in memory, and who listens to them. Every batch of changes bumps
 * `generation`, so views derived from quotes can be cached per generation.
 */
export class QuoteStore {
  private readonly quotes = new Map<string, Quote>();
  private readonly listeners = new Set<QuoteListener>();
  /** Increments whenever quotes change. */
  generation = 0;
  /** Time of the newest quote, found once per generation (freshness is read on every market request). */
  private newest: { generation: number; at: Date | null } = { generation: -1, at: null };

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  get size(): number {
    return this.quotes.size;
  }

  get(symbol: string): Quote | undefined {
    return this.quotes.get(symbol);
  }

  entries(): IterableIterator<[string, Quote]> {
    return this.quotes.entries();
  }

  /** Quotes of `symbols` that exist, in that order. */
  pick(symbols: readonly string[]): Quote[] {
    const out: Quote[] = [];
    for (const symbol of symbols) {
      const q = this.quotes.get(symbol);
      if (q) out.push(q);
    }
    return out;
  }

  /** Forgets every quote (the feed changed: none of the old feed's quotes may be shown as the new one's). */
  clear(): void {
    this.quotes.clear();
    this.generation += 1;
  }

  /** Stores quotes without telling anyone yet (a batch being built, e.g. stocks before their indices). */
  put(quotes: readonly Quote[]): void {
    for (const quote of quotes) this.quotes.set(quote.symbol, quote);
  }

  /** Stores a batch of quotes and tells every listener (a listener that throws does not stop the others). */
  publish(quotes: readonly Quote[]): void {
    if (quotes.length === 0) return;
    this.put(quotes);
    this.generation += 1;
    this.notify(quotes);
  }

  /**
   * Takes the quotes another process published (the feed owner, when this process follows it): stores them, moves
   * to the owner's `generation` (never backwards, so caches keyed by generation stay right) and tells the listeners
   * about the quotes that changed.
   */
  adopt(quotes: readonly Quote[], generation: number): void {
    const changed = quotes.filter((quote) => !sameQuote(this.quotes.get(quote.symbol), quote));
    // Quotes this store already has (e.g. its own, published while this process owned the feed).
    if (changed.length === 0 && generation <= this.generation) return;
    this.put(quotes);
    this.generation = Math.max(this.generation + 1, generation);
    if (changed.length > 0) this.notify(changed);
  }

  private notify(quotes: readonly Quote[]): void {
    for (const listener of this.listeners) {
      try {
        listener(quotes);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  onQuotes(listener: QuoteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Time of the newest quote (null before the first). */
  newestAt(): Date | null {
    if (this.newest.generation !== this.generation) {
      let newest: Date | null = null;
      for (const q of this.quotes.values()) if (!newest || q.updatedAt > newest) newest = q.updatedAt;
      this.newest = { generation: this.generation, at: newest };
    }
    return this.newest.at;
  }
}

function sameQuote(a: Quote | undefined, b: Quote): boolean {
  return (
    a !== undefined &&
    a.priceTry === b.priceTry &&
    a.volume === b.volume &&
    a.date === b.date &&
    a.previousCloseTry === b.previousCloseTry &&
    a.updatedAt.getTime() === b.updatedAt.getTime()
  );
}

/** A quote from a symbol's last stored bar and the close before it (outside the session). */
export function quoteFromStoredBars(
  symbol: string,
  bar: StoredDailyBar,
  previousBar?: StoredDailyBar,
): Quote {
  const previous = previousBar?.closeTry ?? bar.openTry;
  return {
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
}

/** A stock's quote from a live snapshot; its turnover is priced at the day's typical price so far. */
export function quoteFromSnapshot(s: LiveSnapshot, date: string, now: Date): Quote {
  const averagePrice = (s.openTry + s.highTry + s.lowTry + s.priceTry) / 4;
  return {
    symbol: s.symbol,
    priceTry: s.priceTry,
    previousCloseTry: s.previousCloseTry,
    openTry: s.openTry,
    highTry: s.highTry,
    lowTry: s.lowTry,
    changePercent: percentChange(s.priceTry, s.previousCloseTry),
    volume: s.volumeShares,
    turnoverTry: s.volumeShares * averagePrice,
    date,
    updatedAt: s.asOf ?? now,
  };
}

/** Percent change rounded to two decimals, e.g. 1.25 for +1.25 % (0 without a previous price). */
export function percentChange(price: number, previous: number): number {
  if (!previous) return 0;
  return Math.round(((price - previous) / previous) * 10_000) / 100;
}
