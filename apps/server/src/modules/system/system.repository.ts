import { count, gte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { systemHeartbeats } from '@/db/schema/index';

export class SystemRepository {
  constructor(private readonly db: Db) {}

  /** Marks the minute of `at` as up; several processes marking the same minute count once. */
  async recordHeartbeat(at: Date): Promise<void> {
    const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
    await this.db.insert(systemHeartbeats).values({ minute }).onConflictDoNothing();
  }

  /** Minutes marked up since `since`, and the first marked minute in that range. */
  async heartbeatsSince(since: Date): Promise<{ minutes: number; first: Date | null }> {
    const [row] = await this.db
      .select({ minutes: count(), first: sql<Date | null>`min(${systemHeartbeats.minute})` })
      .from(systemHeartbeats)
      .where(gte(systemHeartbeats.minute, since));
    const first = row?.first ? new Date(row.first) : null;
    return { minutes: row?.minutes ?? 0, first };
  }
}
