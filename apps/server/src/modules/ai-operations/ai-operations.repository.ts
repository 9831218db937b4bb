import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { mlPerformanceAlerts } from '@/db/schema/index';

export type AlertRow = typeof mlPerformanceAlerts.$inferSelect;

export interface CurrentAlert {
  algorithmId: string;
  check: string;
  value: number | null;
  threshold: number | null;
  detail: string;
}

/** Stored performance alerts: one open row per algorithm × check while the check stays critical. */
export class AiOperationsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Brings the open alerts in line with the checks that are critical now: a continuing one gets its last-seen time
   * and value, a new one is opened, one no longer critical is resolved. Returns the open alerts.
   */
  async syncAlerts(current: readonly CurrentAlert[], now: Date): Promise<AlertRow[]> {
    return this.db.transaction(async (tx) => {
      const open = await tx.select().from(mlPerformanceAlerts).where(isNull(mlPerformanceAlerts.resolvedAt));
      const key = (a: { algorithmId: string; check: string }) => `${a.algorithmId}:${a.check}`;
      const openByKey = new Map(open.map((a) => [key(a), a]));
      const currentKeys = new Set(current.map(key));
      for (const a of open) {
        if (!currentKeys.has(key(a))) {
          await tx
            .update(mlPerformanceAlerts)
            .set({ resolvedAt: now })
            .where(eq(mlPerformanceAlerts.id, a.id));
        }
      }
      for (const c of current) {
        const existing = openByKey.get(key(c));
        if (existing) {
          await tx
            .update(mlPerformanceAlerts)
            .set({ lastSeenAt: now, value: c.value, threshold: c.threshold, detail: c.detail })
            .where(eq(mlPerformanceAlerts.id, existing.id));
        } else {
          await tx.insert(mlPerformanceAlerts).values({ ...c, firstSeenAt: now, lastSeenAt: now });
        }
      }
      return tx
        .select()
        .from(mlPerformanceAlerts)
        .where(isNull(mlPerformanceAlerts.resolvedAt))
        .orderBy(asc(mlPerformanceAlerts.firstSeenAt), asc(mlPerformanceAlerts.algorithmId));
    });
  }

  async openAlertsOf(algorithmId: string): Promise<AlertRow[]> {
    return this.db
      .select()
      .from(mlPerformanceAlerts)
      .where(and(eq(mlPerformanceAlerts.algorithmId, algorithmId), isNull(mlPerformanceAlerts.resolvedAt)));
  }
}
