import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { priceAlerts } from '@/db/schema/index';

export type AlertRow = typeof priceAlerts.$inferSelect;
export type ActiveAlert = Pick<AlertRow, 'id' | 'userId' | 'symbol' | 'direction' | 'thresholdTry'>;

export class AlertsRepository {
  constructor(private readonly db: Db) {}

  /** Active alerts first (newest first), then triggered ones (most recently triggered first). */
  async list(userId: string): Promise<AlertRow[]> {
    return this.db
      .select()
      .from(priceAlerts)
      .where(eq(priceAlerts.userId, userId))
      .orderBy(
        sql`${priceAlerts.triggeredAt} is not null`,
        desc(priceAlerts.triggeredAt),
        desc(priceAlerts.createdAt),
        desc(priceAlerts.id),
      );
  }

  async find(userId: string, id: number): Promise<AlertRow | undefined> {
    const rows = await this.db
      .select()
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.id, id)))
      .limit(1);
    return rows[0];
  }

  async countActive(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, userId), isNull(priceAlerts.triggeredAt)));
    return row?.n ?? 0;
  }

  async insert(alert: {
    userId: string;
    symbol: string;
    direction: string;
    thresholdTry: number;
    note: string | null;
    createdAt: Date;
  }): Promise<AlertRow> {
    const [row] = await this.db.insert(priceAlerts).values(alert).returning();
    if (!row) throw new Error('insert into price_alerts returned no row');
    return row;
  }

  async delete(userId: string, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(priceAlerts)
      .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.id, id)))
      .returning({ id: priceAlerts.id });
    return rows.length > 0;
  }

  /** Marks triggered, unread alerts read; `id` limits it to one alert. Returns how many changed. */
  async markRead(userId: string, at: Date, id?: number): Promise<number> {
    const rows = await this.db
      .update(priceAlerts)
      .set({ readAt: at })
      .where(
        and(
          eq(priceAlerts.userId, userId),
          isNotNull(priceAlerts.triggeredAt),
          isNull(priceAlerts.readAt),
          id === undefined ? undefined : eq(priceAlerts.id, id),
        ),
      )
      .returning({ id: priceAlerts.id });
    return rows.length;
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(priceAlerts)
      .where(
        and(eq(priceAlerts.userId, userId), isNotNull(priceAlerts.triggeredAt), isNull(priceAlerts.readAt)),
      );
    return row?.n ?? 0;
  }

  /** Untriggered alerts on these symbols (partial index on symbol where triggered_at is null). */
  async activeForSymbols(symbols: readonly string[]): Promise<ActiveAlert[]> {
    if (symbols.length === 0) return [];
    return this.db
      .select({
        id: priceAlerts.id,
        userId: priceAlerts.userId,
        symbol: priceAlerts.symbol,
        direction: priceAlerts.direction,
        thresholdTry: priceAlerts.thresholdTry,
      })
      .from(priceAlerts)
      .where(and(isNull(priceAlerts.triggeredAt), inArray(priceAlerts.symbol, [...symbols])));
  }

  /**
   * Triggers an alert unless it already was: the `triggered_at is null` condition makes this atomic, so of two
   * server processes seeing the same tick only one wins. True when this call triggered it.
   */
  async trigger(id: number, priceTry: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(priceAlerts)
      .set({ triggeredAt: at, triggeredPriceTry: priceTry })
      .where(and(eq(priceAlerts.id, id), isNull(priceAlerts.triggeredAt)))
      .returning({ id: priceAlerts.id });
    return rows.length > 0;
  }
}
