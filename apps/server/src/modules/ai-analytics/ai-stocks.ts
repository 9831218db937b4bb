import type { AiStock } from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import { ServiceUnavailableError } from '@/lib/errors';
import type { MarketEngine } from '@/market/engine';
import type { MarketData } from '@/market/market-data';
import type { AuditService } from '@/modules/audit/audit.service';
import type { StaffAction } from '@/modules/models/runs.service';
import { auditAction, round, universeOf } from './ai-analytics-common.ts';

export interface AiStocksDeps {
  market: Pick<MarketData, 'hasStock' | 'quote' | 'stock'>;
  /** The running market engine (share counts, forced refresh); null in processes without one. */
  engine: Pick<MarketEngine, 'sharesOutstanding' | 'quote' | 'tick' | 'freshness'> | null;
  audit: Pick<AuditService, 'record'>;
  clock: Clock;
}

/** The engine's stock data on the page: the universe's quotes, sorted, and a forced feed refresh (audited). */
export class AiStocks {
  constructor(private readonly d: AiStocksDeps) {}

  private stockOf(symbol: string): AiStock | null {
    const q = this.d.market.quote(symbol);
    const info = this.d.market.stock(symbol);
    if (!q || !info) return null;
    const shares = this.d.engine?.sharesOutstanding(symbol);
    return {
      id: symbol,
      symbol,
      name: info.name,
      sector: info.sector,
      price: round(q.priceTry, 2),
      change_percent: round(q.changePercent, 2),
      volume: q.volume,
      market_cap: shares ? round((shares * q.priceTry) / 1e6, 1) : null,
      date: q.date,
      updated_at: q.updatedAt.toISOString(),
    };
  }

  /** The engine's quotes, sorted descending by the field (symbol ascending), at most `limit`. */
  stocks(limit: number, sort: 'change_percent' | 'volume' | 'market_cap' | 'price' | 'symbol'): AiStock[] {
    const list = universeOf(this.d.market).flatMap((s) => {
      const stock = this.stockOf(s.symbol);
      return stock ? [stock] : [];
    });
    list.sort((a, b) =>
      sort === 'symbol'
        ? a.symbol.localeCompare(b.symbol)
        : (b[sort] ?? Number.NEGATIVE_INFINITY) - (a[sort] ?? Number.NEGATIVE_INFINITY) ||
          a.symbol.localeCompare(b.symbol),
    );
    return list.slice(0, limit);
  }

  /** Forces a feed refresh (catch-up of missing days, then the quotes) and reports what changed. */
  async updateStocks(staff: StaffAction) {
    const engine = this.d.engine;
    if (!engine) throw new ServiceUnavailableError('No market feed runs in this process');
    const key = (symbol: string) => {
      const q = engine.quote(symbol);
      return q ? `${q.priceTry}|${q.changePercent}|${q.volume}|${q.date}` : '';
    };
    const universe = universeOf(this.d.market);
    const before = new Map(universe.map((s) => [s.symbol, key(s.symbol)]));
    await engine.tick();
    const changed = universe.filter((s) => key(s.symbol) !== before.get(s.symbol)).length;
    const now = this.d.clock.now();
    const freshness = engine.freshness(now);
    const data = {
      stocks_changed: changed,
      total_stocks: universe.length,
      source: freshness.source,
      data_age_seconds: freshness.ageSeconds,
      as_of: freshness.asOf,
    };
    await auditAction(this.d.audit, 'ai_stock_data_updated', staff, 'market_feed', data);
    return data;
  }
}
