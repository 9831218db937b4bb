import { sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/executor';
import { factorScores, predictionEvaluations } from '@/db/schema/index';
import type { DuePrediction, NewPrediction, PredictionStore } from '@/modules/models/pipeline';

const BATCH = 10_000;

/**
 * What the model runs store of predictions: the predictions and factor scores of a close, and the realised outcome of
 * the matured ones. Queries only; the training pipeline (modules/models) decides what is stored.
 */
export class PredictionWritesRepository implements PredictionStore {
  constructor(private readonly db: DbExecutor) {}

  /** Stores the simple factors' scores of a close (one per factor, stock and date; a rerun replaces them). */
  async upsertFactorScores(rows: readonly (typeof factorScores.$inferInsert)[]): Promise<void> {
    for (let start = 0; start < rows.length; start += BATCH) {
      await this.db
        .insert(factorScores)
        .values(rows.slice(start, start + BATCH))
        .onConflictDoUpdate({
          target: [factorScores.factorId, factorScores.symbol, factorScores.asOfDate],
          set: {
            score: sql`excluded.score`,
            currentPriceTry: sql`excluded.current_price_try`,
            runId: sql`excluded.run_id`,
            createdAt: sql`excluded.created_at`,
          },
        });
    }
  }

  /** Inserts predictions; a second batch for the same algorithm, stock, horizon and as-of date replaces the first. */
  async upsertPredictions(rows: readonly NewPrediction[]): Promise<void> {
    for (let start = 0; start < rows.length; start += BATCH) {
      const b = rows.slice(start, start + BATCH);
      await this.db.execute(sql`
        insert into predictions (algorithm_id, symbol, horizon_days, as_of_date, target_date, current_price_try, expected_return,
          direction, confidence, target_price_try, run_id, created_at, data_source)
        select * from unnest(
          ${sql.param(b.map((r) => r.algorithmId))}::text[], ${sql.param(b.map((r) => r.symbol))}::text[],
          ${sql.param(b.map((r) => r.horizonDays))}::int[], ${sql.param(b.map((r) => r.asOfDate))}::date[],
          ${sql.param(b.map((r) => r.targetDate))}::date[], ${sql.param(b.map((r) => r.currentPriceTry))}::float8[],
          ${sql.param(b.map((r) => r.expectedReturn))}::float8[], ${sql.param(b.map((r) => r.direction))}::text[],
          ${sql.param(b.map((r) => r.confidence))}::float8[], ${sql.param(b.map((r) => r.targetPriceTry))}::float8[],
          ${sql.param(b.map((r) => r.runId ?? null))}::uuid[], ${sql.param(b.map((r) => (r.createdAt ?? new Date()).toISOString()))}::timestamptz[],
          ${sql.param(b.map((r) => r.dataSource ?? null))}::text[])
        on conflict (algorithm_id, symbol, horizon_days, as_of_date) do update set target_date = excluded.target_date,
          current_price_try = excluded.current_price_try, expected_return = excluded.expected_return, direction = excluded.direction,
          confidence = excluded.confidence, target_price_try = excluded.target_price_try, run_id = excluded.run_id,
          created_at = excluded.created_at, data_source = excluded.data_source`);
    }
  }

  /**
   * Unevaluated predictions whose target date is on or before `throughDate` (the newest stored close), in target-date
   * order after `after` (a page's last row): what the evaluation scores once the market gives their realised closes.
   */
  async duePredictions(
    throughDate: string,
    limit: number,
    after: { targetDate: string; id: string } | null,
  ): Promise<DuePrediction[]> {
    const result = await this.db.execute<{
      id: string;
      symbol: string;
      target_date: string;
      direction: string;
      current_price_try: number;
    }>(sql`
      select p.id, p.symbol, p.target_date::text as target_date, p.direction, p.current_price_try
      from predictions p
      where not exists (select 1 from prediction_evaluations e where e.prediction_id = p.id)
        and p.target_date <= ${throughDate}::date
        ${after ? sql`and (p.target_date, p.id) > (${after.targetDate}::date, ${after.id}::uuid)` : sql``}
      order by p.target_date, p.id limit ${limit}`);
    return result.rows.map((r) => ({
      id: r.id,
      symbol: r.symbol,
      targetDate: r.target_date,
      direction: r.direction,
      currentPriceTry: Number(r.current_price_try),
    }));
  }

  async insertPredictionEvaluations(
    rows: readonly (typeof predictionEvaluations.$inferInsert)[],
  ): Promise<void> {
    for (let start = 0; start < rows.length; start += BATCH) {
      await this.db
        .insert(predictionEvaluations)
        .values(rows.slice(start, start + BATCH))
        .onConflictDoNothing();
    }
  }
}
