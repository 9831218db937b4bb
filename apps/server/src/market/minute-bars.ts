import type { FeedProvider } from './feed.ts';
import type { MarketRepository, StoredMinuteBar } from './market.repository.ts';
import { round2, type IndexLevels } from './index-levels.ts';
import type { QuoteStore } from './quote-store.ts';

interface MinuteAccumulator {
  openTry: number;
  highTry: number;
  lowTry: number;
  closeTry: number;
  volumeAtStart: number;
  volumeNow: number;
}

/** Folds the live quotes of a session into 1-minute bars; a completed minute is written to the database. */
export class MinuteRecorder {
  private readonly minutes = new Map<string, MinuteAccumulator>();
  private minuteKey = -1;

  /** `onFlushed` hears of every minute written (after the write), e.g. to run the market surveillance rules. */
  constructor(
    private readonly repo: MarketRepository,
    private readonly onFlushed?: (minute: Date) => void,
  ) {}

  /** Forgets the minute being built (a new session starts). */
  reset(): void {
    this.minutes.clear();
    this.minuteKey = -1;
  }

  /** Folds the current quotes of `liveDate` into the minute of `now`; entering a new minute writes the last one. */
  async record(now: Date, quotes: QuoteStore, liveDate: string): Promise<void> {
    const key = Math.floor(now.getTime() / 60_000);
    if (key !== this.minuteKey) {
      await this.flush();
      this.minuteKey = key;
      for (const [symbol, q] of quotes.entries()) {
        if (q.date !== liveDate) continue;
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
      const q = quotes.get(symbol);
      if (!q) continue;
      m.highTry = Math.max(m.highTry, q.priceTry);
      m.lowTry = Math.min(m.lowTry, q.priceTry);
      m.closeTry = q.priceTry;
      m.volumeNow = q.volume;
    }
  }

  /** Writes the minute being built, if any. */
  async flush(): Promise<void> {
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
    await this.repo.upsertMinuteBars(rows);
    this.onFlushed?.(minute);
  }
}

/**
 * Minute bars of a session up to `until` from the provider's deterministic intraday paths: the stocks' (when asked)
 * and the indices' levels at each minute's close (open = the previous minute's close), starting from each member's
 * close before the session. With `trackRange` the indices' session ranges follow. Returns the rows written.
 */
export async function replaySessionMinutes(
  deps: {
    provider: FeedProvider;
    repo: MarketRepository;
    stockSymbols: readonly string[];
    levels: IndexLevels;
  },
  date: string,
  until: Date,
  options: { stocks: boolean; trackRange: boolean },
): Promise<number> {
  const { provider, repo, stockSymbols, levels } = deps;
  if (!provider.minuteBarsUntil) return 0;
  const bars = await provider.minuteBarsUntil(stockSymbols, date, until);
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
  const lastPrice = new Map<string, number>();
  for (const [symbol, list] of await repo.lastBars(stockSymbols, 2)) {
    const previous = list.find((b) => b.date < date);
    if (previous) lastPrice.set(symbol, previous.closeTry);
  }
  const priceOf = (s: string) => lastPrice.get(s);
  let previousLevels = new Map(levels.indices.map((i) => [i.code, levels.level(i, priceOf)]));
  for (const key of [...closesByMinute.keys()].sort((a, b) => a - b)) {
    for (const [symbol, price] of closesByMinute.get(key)!) lastPrice.set(symbol, price);
    const current = new Map(levels.indices.map((i) => [i.code, levels.level(i, priceOf)]));
    for (const index of levels.indices) {
      const open = previousLevels.get(index.code);
      const close = current.get(index.code);
      if (open === undefined || close === undefined) continue;
      rows.push({
        symbol: index.code,
        minute: new Date(key),
        openTry: round2(open),
        highTry: round2(Math.max(open, close)),
        lowTry: round2(Math.min(open, close)),
        closeTry: round2(close),
        volumeShares: 0,
      });
      if (options.trackRange) levels.trackSession(index.code, open, close);
    }
    previousLevels = current;
  }
  await repo.upsertMinuteBars(rows);
  return rows.length;
}
