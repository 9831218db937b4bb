import { indexDivisorForLevel, XU100_TARGET_LEVEL, type DailyBar, type IndexDefinition } from '@bist/market';
import type { Quote } from './market-data.ts';
import type { MarketRepository, StoredDailyBar } from './market.repository.ts';
import { indexCapitalisation, indexDailyBar, type MemberDay } from './indices.ts';
import { percentChange } from './quote-store.ts';

const DIVISORS_KEY = 'index_divisors';

interface IndexLevelsOptions {
  repo: MarketRepository;
  indices: readonly IndexDefinition[];
  sharesOutstanding: (symbol: string) => number | undefined;
  /** XU100's level on the last completed day when the indices are first computed (its real 2026 level). */
  xu100Level?: number;
  /** Base level of every other index on the first day of history. */
  indexBaseLevel?: number;
}

/**
 * Index levels from their members: each index is its members' capitalisation over a divisor that is fixed once
 * (stored, so levels stay continuous across restarts), its daily bars from the members' stored bars, and its live
 * quote with the session's open, high and low.
 */
export class IndexLevels {
  private divisors: Record<string, number> = {};
  private loaded = false;
  private readonly sessionRange = new Map<string, { high: number; low: number; open: number }>();
  /** Indices whose values the provider publishes: never computed here. */
  private providerCodes: ReadonlySet<string> = new Set();

  constructor(private readonly options: IndexLevelsOptions) {}

  get indices(): readonly IndexDefinition[] {
    return this.options.indices;
  }

  /** The indices the provider publishes itself (the rest are computed from members). */
  setProviderCodes(codes: ReadonlySet<string>): void {
    this.providerCodes = codes;
  }

  /** Reads the stored divisors (once): live index quotes need them even when no history is written. */
  async load(): Promise<void> {
    if (this.loaded) return;
    this.divisors = {
      ...((await this.options.repo.getState<Record<string, number>>(DIVISORS_KEY)) ?? {}),
      ...this.divisors,
    };
    this.loaded = true;
  }

  /** Forgets the divisors (the history they were fixed on was replaced): the next history fixes them again. */
  async reset(): Promise<void> {
    this.divisors = {};
    this.loaded = true;
    this.sessionRange.clear();
    await this.options.repo.setState(DIVISORS_KEY, {});
  }

  /** The index's level for members' prices from `priceOf`; undefined while its divisor is not fixed. */
  level(index: IndexDefinition, priceOf: (symbol: string) => number | undefined): number | undefined {
    const divisor = this.divisors[index.code];
    if (!divisor) return undefined;
    return indexCapitalisation(index.members, this.options.sharesOutstanding, priceOf) / divisor;
  }

  /**
   * The index bars of `days` from the members' stored bars (`bySymbol`, ascending per symbol, starting one trading
   * day before the first day so that a member without a bar carries its last close). Fixes missing divisors first.
   */
  async dailyBars(
    bySymbol: ReadonlyMap<string, readonly StoredDailyBar[]>,
    days: readonly string[],
  ): Promise<{ code: string; bar: DailyBar & { turnoverTry: number } }[]> {
    await this.ensureDivisors(bySymbol, days);
    const out: { code: string; bar: DailyBar & { turnoverTry: number } }[] = [];
    for (const index of this.indices) {
      const divisor = this.divisors[index.code];
      if (!divisor || this.providerCodes.has(index.code)) continue;
      const shares = index.members.map((s) => this.options.sharesOutstanding(s) ?? 0);
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
        if (bar) out.push({ code: index.code, bar });
      }
    }
    return out;
  }

  /** Fixes each index's divisor once: XU100 reads its real 2026 level on the last day, the others a base level on the first. */
  private async ensureDivisors(
    bySymbol: ReadonlyMap<string, readonly StoredDailyBar[]>,
    days: readonly string[],
  ): Promise<void> {
    await this.load();
    const missing = this.indices.filter((i) => !this.divisors[i.code] && !this.providerCodes.has(i.code));
    if (missing.length === 0 || days.length === 0) return;
    const closeOn = (symbol: string, date: string) => {
      let last: number | undefined;
      for (const bar of bySymbol.get(symbol) ?? []) {
        if (bar.date > date) break;
        last = bar.closeTry;
      }
      return last;
    };
    const firstDay = days[0]!;
    const lastDay = days[days.length - 1]!;
    for (const index of missing) {
      const isXu100 = index.code === 'XU100';
      const anchorDay = isXu100 ? lastDay : firstDay;
      const level = isXu100
        ? (this.options.xu100Level ?? XU100_TARGET_LEVEL)
        : (this.options.indexBaseLevel ?? 10_000);
      const cap = indexCapitalisation(index.members, this.options.sharesOutstanding, (s) =>
        closeOn(s, anchorDay),
      );
      if (cap > 0) this.divisors[index.code] = indexDivisorForLevel(cap, level);
    }
    await this.options.repo.setState(DIVISORS_KEY, this.divisors);
  }

  /** Starts a session: the indices' open, high and low start again. */
  resetSession(): void {
    this.sessionRange.clear();
  }

  /** Widens the index's session range by a move from `open` to `close` (the first move sets its open). */
  trackSession(code: string, open: number, close: number): { open: number; high: number; low: number } {
    const range = this.sessionRange.get(code);
    if (!range) {
      const created = { open, high: Math.max(open, close), low: Math.min(open, close) };
      this.sessionRange.set(code, created);
      return created;
    }
    range.high = Math.max(range.high, close);
    range.low = Math.min(range.low, close);
    return range;
  }

  /** Live quotes of every index with a divisor, from its members' live quotes. */
  liveQuotes(quoteOf: (symbol: string) => Quote | undefined, date: string, now: Date): Quote[] {
    const out: Quote[] = [];
    for (const index of this.indices) {
      if (this.providerCodes.has(index.code)) continue;
      const level = this.level(index, (s) => quoteOf(s)?.priceTry);
      if (level === undefined) continue;
      const previous = this.level(index, (s) => quoteOf(s)?.previousCloseTry)!;
      const open = this.level(index, (s) => quoteOf(s)?.openTry)!;
      const range = this.trackSession(index.code, open, level);
      let volume = 0;
      let turnover = 0;
      for (const symbol of index.members) {
        const q = quoteOf(symbol);
        if (q) {
          volume += q.volume;
          turnover += q.turnoverTry;
        }
      }
      out.push({
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
      });
    }
    return out;
  }
}

export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
