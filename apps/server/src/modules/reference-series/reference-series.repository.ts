import { asc, eq, sql } from 'drizzle-orm';
import type { ReferenceSeriesCode } from '@bist/contracts';
import type { DbOrTx } from '@/market/market.repository';
import { referenceSeries, referenceSeriesValues } from '@/db/schema/index';

export type SeriesSource = 'shipped' | 'yahoo' | 'import' | 'evds';

export interface StoredSeriesValue {
  date: string;
  value: number;
}

export interface StoredSeriesMeta {
  code: string;
  source: string;
  publishedAt: string | null;
  lastDate: string | null;
  lastValue: number | null;
  values: number;
}

const BATCH = 5_000;

/** The reference series' tables (decision 0063): only queries. */
export class ReferenceSeriesRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Inserts or replaces values of one series, then sets its row from the stored latest value. */
  async upsert(
    code: ReferenceSeriesCode,
    source: SeriesSource,
    values: readonly StoredSeriesValue[],
    publishedAt: string | null,
  ): Promise<void> {
    for (let start = 0; start < values.length; start += BATCH) {
      const batch = values.slice(start, start + BATCH);
      await this.db.execute(sql`
        insert into reference_series_values (code, date, value, source)
        select ${code}, d, v, ${source} from unnest(
          ${sql.param(batch.map((r) => r.date))}::date[], ${sql.param(batch.map((r) => r.value))}::float8[]) as t(d, v)
        on conflict (code, date) do update set value = excluded.value, source = excluded.source`);
    }
    await this.db.execute(sql`
      insert into reference_series (code, source, published_at, last_date, last_value, updated_at)
      select ${code}, ${source}, ${publishedAt}::date, v.date, v.value, now()
      from (select date, value from reference_series_values where code = ${code} order by date desc limit 1) v
      on conflict (code) do update set source = excluded.source,
        published_at = coalesce(excluded.published_at, reference_series.published_at),
        last_date = excluded.last_date, last_value = excluded.last_value, updated_at = now()`);
  }

  async values(code: ReferenceSeriesCode): Promise<StoredSeriesValue[]> {
    return this.db
      .select({ date: referenceSeriesValues.date, value: referenceSeriesValues.value })
      .from(referenceSeriesValues)
      .where(eq(referenceSeriesValues.code, code))
      .orderBy(asc(referenceSeriesValues.date));
  }

  async count(code: ReferenceSeriesCode): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(referenceSeriesValues)
      .where(eq(referenceSeriesValues.code, code));
    return rows[0]?.n ?? 0;
  }

  async metas(): Promise<StoredSeriesMeta[]> {
    const rows = await this.db
      .select({
        code: referenceSeries.code,
        source: referenceSeries.source,
        publishedAt: referenceSeries.publishedAt,
        lastDate: referenceSeries.lastDate,
        lastValue: referenceSeries.lastValue,
        values: sql<number>`(select count(*)::int from reference_series_values v where v.code = "reference_series"."code")`,
      })
      .from(referenceSeries);
    return rows;
  }
}
