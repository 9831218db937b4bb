import {
  ALERTS_MAX_ACTIVE,
  type AlertCreateRequest,
  type AlertDirection,
  type PriceAlert,
} from '@bist/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@/lib/clock';
import { BadRequestError, ConflictError, NotFoundError } from '@/lib/errors';
import type { MarketData, Quote } from '@/market/market-data';
import { roundMoney } from '@/lib/money';
import { alertIsMet } from './alert-rules.ts';
import { UNLIMITED_PLAN_GATE, type PlanGate } from '@/modules/bi/plan-gate';
import type { AlertRow, AlertsRepository } from './alerts.repository.ts';

export const ALERT_MESSAGES = {
  notFound: 'Alarm bulunamadı.',
  unknownSymbol: (symbol: string) => `Bilinmeyen hisse kodu: ${symbol}`,
  tooMany: `En fazla ${ALERTS_MAX_ACTIVE} etkin fiyat alarmı kurulabilir.`,
} as const;

export class AlertNotFoundError extends NotFoundError {
  constructor() {
    super(ALERT_MESSAGES.notFound);
  }
}
export class AlertUnknownSymbolError extends BadRequestError {
  constructor(symbol: string) {
    super(ALERT_MESSAGES.unknownSymbol(symbol), 'symbol');
  }
}
export class TooManyAlertsError extends ConflictError {
  constructor() {
    super(ALERT_MESSAGES.tooMany);
  }
}

/**
 * Price alerts. `start()` subscribes to the market's quote batches; each batch is checked against the untriggered
 * alerts of its symbols (one query) and each met alert is triggered by an atomic update, so it fires once even
 * with several server processes. Batches arriving while one is being checked are merged (latest quote per symbol).
 */
export class AlertsService {
  private unsubscribe: (() => void) | null = null;
  private readonly waiting = new Map<string, Quote>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly repo: AlertsRepository,
    private readonly market: MarketData,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'info'>,
    private readonly plans: PlanGate = UNLIMITED_PLAN_GATE,
  ) {}

  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.market.onQuotes((quotes) => this.enqueue(quotes));
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.flush();
  }

  /** Resolves when every batch received so far has been checked (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
  }

  private enqueue(quotes: readonly Quote[]): void {
    for (const quote of quotes) this.waiting.set(quote.symbol, quote);
    if (!this.running) this.running = this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.size > 0) {
        const batch = [...this.waiting.values()];
        this.waiting.clear();
        try {
          await this.checkQuotes(batch);
        } catch (error) {
          this.log.error({ err: error, symbols: batch.length }, 'price alert check failed');
        }
      }
    } finally {
      this.running = null;
    }
  }

  /** Triggers the untriggered alerts these quotes meet; returns the ids this process triggered. */
  async checkQuotes(quotes: readonly Quote[]): Promise<number[]> {
    const bySymbol = new Map(quotes.map((q) => [q.symbol, q]));
    const candidates = await this.repo.activeForSymbols([...bySymbol.keys()]);
    const triggered: number[] = [];
    for (const alert of candidates) {
      const quote = bySymbol.get(alert.symbol);
      if (!quote || !alertIsMet(alert.direction as AlertDirection, alert.thresholdTry, quote.priceTry))
        continue;
      if (await this.repo.trigger(alert.id, quote.priceTry, this.clock.now())) {
        triggered.push(alert.id);
        this.log.info(
          { alertId: alert.id, symbol: alert.symbol, priceTry: quote.priceTry },
          'price alert triggered',
        );
      }
    }
    return triggered;
  }

  async list(userId: string): Promise<{ alerts: PriceAlert[]; unreadCount: number }> {
    const rows = await this.repo.list(userId);
    return {
      alerts: rows.map((row) => this.present(row)),
      unreadCount: rows.filter((r) => r.triggeredAt && !r.readAt).length,
    };
  }

  async create(userId: string, input: AlertCreateRequest): Promise<PriceAlert> {
    if (!this.market.hasStock(input.symbol)) throw new AlertUnknownSymbolError(input.symbol);
    const active = await this.repo.countActive(userId);
    if (!(await this.plans.allowsOneMore(userId, 'priceAlerts', active)) || active >= ALERTS_MAX_ACTIVE)
      throw new TooManyAlertsError();
    const row = await this.repo.insert({
      userId,
      symbol: input.symbol,
      direction: input.direction,
      thresholdTry: input.threshold_price,
      note: input.note ? input.note : null,
      createdAt: this.clock.now(),
    });
    // Already met at the current price: it fires now rather than waiting for the next tick (none come while the
    // market is closed).
    const quote = this.market.quote(row.symbol);
    if (quote && alertIsMet(input.direction, input.threshold_price, quote.priceTry)) {
      await this.repo.trigger(row.id, quote.priceTry, this.clock.now());
      return this.present((await this.repo.find(userId, row.id)) ?? row);
    }
    return this.present(row);
  }

  async delete(userId: string, id: number): Promise<void> {
    if (!(await this.repo.delete(userId, id))) throw new AlertNotFoundError();
  }

  /** Marks one alert read (404 when it is not the investor's; reading an active or read alert changes nothing). */
  async markRead(userId: string, id: number): Promise<{ updated: number; unreadCount: number }> {
    if (!(await this.repo.find(userId, id))) throw new AlertNotFoundError();
    const updated = await this.repo.markRead(userId, this.clock.now(), id);
    return { updated, unreadCount: await this.repo.unreadCount(userId) };
  }

  async markAllRead(userId: string): Promise<{ updated: number; unreadCount: number }> {
    const updated = await this.repo.markRead(userId, this.clock.now());
    return { updated, unreadCount: await this.repo.unreadCount(userId) };
  }

  async unreadCount(userId: string): Promise<number> {
    return this.repo.unreadCount(userId);
  }

  private present(row: AlertRow): PriceAlert {
    const quote = this.market.quote(row.symbol);
    return {
      id: row.id,
      symbol: row.symbol,
      company_name: this.market.stock(row.symbol)?.name ?? null,
      direction: row.direction as AlertDirection,
      threshold_price: row.thresholdTry,
      note: row.note,
      status: row.triggeredAt ? 'triggered' : 'active',
      created_at: row.createdAt.toISOString(),
      triggered_at: row.triggeredAt?.toISOString() ?? null,
      triggered_price: row.triggeredPriceTry,
      read_at: row.readAt?.toISOString() ?? null,
      current_price: quote ? roundMoney(quote.priceTry) : null,
    };
  }
}
