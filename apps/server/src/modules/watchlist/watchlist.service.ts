import { PLAN_FEATURES, WATCHLIST_MAX_ITEMS, type WatchlistItem } from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import { BadRequestError, ConflictError } from '@/lib/errors';
import type { MarketData } from '@/market/market-data';
import { roundMoney } from '@/lib/money';
import type { WatchlistRepository, WatchlistRow } from './watchlist.repository.ts';
import { UNLIMITED_PLAN_GATE, type PlanGate } from '@/modules/bi/plan-gate';

export const WATCHLIST_MESSAGES = {
  unknownSymbol: (symbol: string) => `Bilinmeyen hisse kodu: ${symbol}`,
  full: `İzleme listesine en fazla ${WATCHLIST_MAX_ITEMS} hisse eklenebilir.`,
} as const;

/** Below this many stocks no plan limits an addition (the smallest plan's watchlist). */
const SMALLEST_PLAN_LIMIT = Math.min(...Object.values(PLAN_FEATURES).map((f) => f.watchlistStocks));

export class WatchlistUnknownSymbolError extends BadRequestError {
  constructor(symbol: string) {
    super(WATCHLIST_MESSAGES.unknownSymbol(symbol), 'symbol');
  }
}

export class WatchlistFullError extends ConflictError {
  constructor() {
    super(WATCHLIST_MESSAGES.full, 'symbol');
  }
}

/**
 * The investor's watchlist. Adding is idempotent (adding a listed symbol again answers 200 with created=false),
 * and so is removing (removing a symbol not on the list answers 200 with removed=false): the UI toggles a star
 * and a double click must not show an error.
 */
export class WatchlistService {
  constructor(
    private readonly repo: WatchlistRepository,
    private readonly market: MarketData,
    private readonly clock: Clock,
    private readonly plans: PlanGate = UNLIMITED_PLAN_GATE,
  ) {}

  async list(userId: string): Promise<WatchlistItem[]> {
    return (await this.repo.list(userId)).map((row) => this.present(row));
  }

  async add(userId: string, symbol: string): Promise<{ item: WatchlistItem; created: boolean }> {
    if (!this.market.hasStock(symbol)) throw new WatchlistUnknownSymbolError(symbol);
    const count = await this.repo.count(userId);
    const full = count >= WATCHLIST_MAX_ITEMS;
    if (count >= SMALLEST_PLAN_LIMIT) {
      // Adding a listed symbol again changes nothing, whatever the plan.
      const existing = (await this.repo.list(userId)).find((row) => row.symbol === symbol);
      if (existing) return { item: this.present(existing), created: false };
      if (!(await this.plans.allowsOneMore(userId, 'watchlistStocks', count)) || full)
        throw new WatchlistFullError();
    }
    const { row, created } = await this.repo.add(userId, symbol, this.clock.now());
    return { item: this.present(row), created };
  }

  async remove(userId: string, symbol: string): Promise<boolean> {
    return this.repo.remove(userId, symbol);
  }

  private present(row: WatchlistRow): WatchlistItem {
    const quote = this.market.quote(row.symbol);
    const info = this.market.stock(row.symbol);
    return {
      symbol: row.symbol,
      price: quote ? roundMoney(quote.priceTry) : null,
      change_percent: quote ? roundMoney(quote.changePercent) : null,
      name: info?.name ?? null,
      sector: info?.sector ?? null,
      previous_close: quote ? roundMoney(quote.previousCloseTry) : null,
      volume: quote?.volume ?? null,
      added_at: row.createdAt.toISOString(),
    };
  }
}
