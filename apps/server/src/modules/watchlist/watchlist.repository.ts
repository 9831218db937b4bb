import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { watchlistItems } from '@/db/schema/index';

export type WatchlistRow = typeof watchlistItems.$inferSelect;

export class WatchlistRepository {
  constructor(private readonly db: Db) {}

  async list(userId: string): Promise<WatchlistRow[]> {
    return this.db
      .select()
      .from(watchlistItems)
      .where(eq(watchlistItems.userId, userId))
      .orderBy(asc(watchlistItems.createdAt), asc(watchlistItems.symbol));
  }

  async count(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(watchlistItems)
      .where(eq(watchlistItems.userId, userId));
    return row?.n ?? 0;
  }

  /** Adds the symbol; returns the row and whether it was new (an existing row is returned unchanged). */
  async add(userId: string, symbol: string, at: Date): Promise<{ row: WatchlistRow; created: boolean }> {
    const inserted = await this.db
      .insert(watchlistItems)
      .values({ userId, symbol, createdAt: at })
      .onConflictDoNothing({ target: [watchlistItems.userId, watchlistItems.symbol] })
      .returning();
    if (inserted[0]) return { row: inserted[0], created: true };
    const [existing] = await this.db
      .select()
      .from(watchlistItems)
      .where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.symbol, symbol)));
    if (!existing) throw new Error(`watchlist row ${userId}/${symbol} vanished during add`);
    return { row: existing, created: false };
  }

  async remove(userId: string, symbol: string): Promise<boolean> {
    const rows = await this.db
      .delete(watchlistItems)
      .where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.symbol, symbol)))
      .returning({ symbol: watchlistItems.symbol });
    return rows.length > 0;
  }
}
