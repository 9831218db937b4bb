import { and, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { requestMetrics } from '@/db/schema/index';
import { LATENCY_BUCKET_COUNT } from '@/lib/latency-histogram';
import type { RequestSeries } from '@/plugins/request-metrics';

/** One route × method × status class summed over a time range. */
export interface RequestTotals {
  method: string;
  route: string;
  statusClass: number;
  count: number;
  sumMs: number;
  maxMs: number;
  buckets: number[];
}

export class BiRepository {
  constructor(private readonly db: Db) {}

  /** Stores drained request series, one row each. */
  async insertRequestSeries(series: readonly RequestSeries[]): Promise<void> {
    if (series.length === 0) return;
    await this.db.insert(requestMetrics).values(
      series.map((s) => ({
        minute: s.minute,
        method: s.method,
        route: s.route,
        statusClass: s.statusClass,
        count: s.count,
        sumMs: s.sumMs,
        maxMs: s.maxMs,
        buckets: s.buckets,
      })),
    );
  }

  /** Request series of [from, to) summed per route × method × status class (buckets summed element-wise). */
  async requestTotals(from: Date, to: Date): Promise<RequestTotals[]> {
    const bucketSums = Array.from(
      { length: LATENCY_BUCKET_COUNT },
      (_, i) => sql`coalesce(sum(${requestMetrics.buckets}[${sql.raw(String(i + 1))}]), 0)::bigint`,
    );
    const rows = await this.db
      .select({
        method: requestMetrics.method,
        route: requestMetrics.route,
        statusClass: requestMetrics.statusClass,
        count: sql<string>`sum(${requestMetrics.count})::bigint`,
        sumMs: sql<number>`sum(${requestMetrics.sumMs})`,
        maxMs: sql<number>`max(${requestMetrics.maxMs})`,
        buckets: sql<string[]>`array[${sql.join(bucketSums, sql`, `)}]`,
      })
      .from(requestMetrics)
      .where(and(gte(requestMetrics.minute, from), lt(requestMetrics.minute, to)))
      .groupBy(requestMetrics.method, requestMetrics.route, requestMetrics.statusClass);
    return rows.map((r) => ({
      method: r.method,
      route: r.route,
      statusClass: r.statusClass,
      count: Number(r.count),
      sumMs: Number(r.sumMs),
      maxMs: Number(r.maxMs),
      buckets: r.buckets.map(Number),
    }));
  }
}
