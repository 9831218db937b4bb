import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import {
  mlAlgorithms,
  mlEvaluations,
  mlModels,
  mlRuns,
  predictionEvaluations,
  predictions,
} from '@/db/schema/index';

export type AlgorithmRow = typeof mlAlgorithms.$inferSelect;
export type RunRow = typeof mlRuns.$inferSelect;
export type NewModel = typeof mlModels.$inferInsert;
export type NewEvaluation = typeof mlEvaluations.$inferInsert;
export type EvaluationRow = typeof mlEvaluations.$inferSelect;
export type NewPrediction = Omit<typeof predictions.$inferInsert, 'id'>;

export interface AlgorithmMeta {
  id: string;
  name: string;
  type: string;
  category: string;
  description: string;
  scope: string;
  output: string;
  position: number;
}

/** One symbol's daily bars as parallel arrays (ascending dates). */
export interface SymbolBarArrays {
  symbol: string;
  dates: string[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
}

export interface ServingModelRow {
  algorithmId: string;
  horizonDays: number;
  cutoffDate: string;
  stateJson: string;
  createdAt: Date;
}

export interface MaturedPrediction {
  id: string;
  direction: string;
  currentPriceTry: number;
  realisedPriceTry: number;
}

export interface TopPredictionRow {
  id: string;
  symbol: string;
  algorithmId: string;
  algorithmName: string;
  horizonDays: number;
  asOfDate: string;
  targetDate: string;
  currentPriceTry: number;
  expectedReturn: number;
  direction: string;
  confidence: number;
  targetPriceTry: number;
  createdAt: Date;
}

const BATCH = 10_000;

/** Storage of algorithms, runs, models, walk-forward scores, predictions and their evaluations. Queries only. */
export class PredictionsRepository {
  constructor(private readonly db: Db) {}

  // ------------------------------------------------------------------ algorithms

  /** Inserts new registry algorithms and refreshes the metadata of known ones; the enabled flag is kept. */
  async syncAlgorithms(list: readonly AlgorithmMeta[], now: Date): Promise<void> {
    if (list.length === 0) return;
    await this.db
      .insert(mlAlgorithms)
      .values(list.map((a) => ({ ...a, updatedAt: now })))
      .onConflictDoUpdate({
        target: mlAlgorithms.id,
        set: {
          name: sql`excluded.name`,
          type: sql`excluded.type`,
          category: sql`excluded.category`,
          description: sql`excluded.description`,
          scope: sql`excluded.scope`,
          output: sql`excluded.output`,
          position: sql`excluded.position`,
        },
      });
  }

  async listAlgorithms(): Promise<AlgorithmRow[]> {
    return this.db.select().from(mlAlgorithms).orderBy(asc(mlAlgorithms.position));
  }

  async setAlgorithmEnabled(id: string, enabled: boolean, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(mlAlgorithms)
      .set({ enabled, updatedAt: now })
      .where(eq(mlAlgorithms.id, id))
      .returning({ id: mlAlgorithms.id });
    return rows.length > 0;
  }

  // ------------------------------------------------------------------ runs

  async createRun(run: {
    kind: string;
    requestedBy: string;
    algorithmIds: string[] | null;
    now: Date;
  }): Promise<RunRow> {
    const rows = await this.db
      .insert(mlRuns)
      .values({
        kind: run.kind,
        status: 'queued',
        requestedBy: run.requestedBy,
        algorithmIds: run.algorithmIds,
        createdAt: run.now,
      })
      .returning();
    return rows[0]!;
  }

  async updateRun(
    id: string,
    patch: Partial<
      Pick<RunRow, 'status' | 'progress' | 'message' | 'error' | 'jobId' | 'startedAt' | 'finishedAt'>
    >,
  ): Promise<void> {
    await this.db.update(mlRuns).set(patch).where(eq(mlRuns.id, id));
  }

  /** Moves a run to a final state unless it already has one (a cancel must not be overwritten by a late success). */
  async finishRun(
    id: string,
    status: 'succeeded' | 'failed' | 'cancelled',
    patch: { message?: string | null; error?: string | null; now: Date },
  ): Promise<boolean> {
    const rows = await this.db
      .update(mlRuns)
      .set({
        status,
        finishedAt: patch.now,
        ...(patch.message !== undefined ? { message: patch.message } : {}),
        ...(patch.error !== undefined ? { error: patch.error } : {}),
        ...(status === 'succeeded' ? { progress: 1 } : {}),
      })
      .where(and(eq(mlRuns.id, id), inArray(mlRuns.status, ['queued', 'running'])))
      .returning({ id: mlRuns.id });
    return rows.length > 0;
  }

  /** Marks a queued run running (false when it was cancelled meanwhile). */
  async startRun(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(mlRuns)
      .set({ status: 'running', startedAt: now })
      .where(and(eq(mlRuns.id, id), eq(mlRuns.status, 'queued')))
      .returning({ id: mlRuns.id });
    return rows.length > 0;
  }

  async getRun(id: string): Promise<RunRow | undefined> {
    const rows = await this.db.select().from(mlRuns).where(eq(mlRuns.id, id)).limit(1);
    return rows[0];
  }

  async runStatus(id: string): Promise<string | undefined> {
    const rows = await this.db
      .select({ status: mlRuns.status })
      .from(mlRuns)
      .where(eq(mlRuns.id, id))
      .limit(1);
    return rows[0]?.status;
  }

  async listRuns(limit: number): Promise<RunRow[]> {
    return this.db.select().from(mlRuns).orderBy(desc(mlRuns.createdAt)).limit(limit);
  }

  /** Runs left 'running' or 'queued' by a process that died (no job will finish them). */
  async activeRuns(): Promise<RunRow[]> {
    return this.db
      .select()
      .from(mlRuns)
      .where(inArray(mlRuns.status, ['queued', 'running']));
  }

  // ------------------------------------------------------------------ bars for the panel

  /** Daily bars of every symbol from `fromDate`, aggregated per symbol (one row each: few rows to parse). */
  async barsBySymbolFrom(fromDate: string): Promise<SymbolBarArrays[]> {
    const result = await this.db.execute<{
      symbol: string;
      dates: string[];
      o: number[];
      h: number[];
      l: number[];
      c: number[];
      v: number[];
    }>(sql`
      select symbol, array_agg(date::text order by date) as dates, array_agg(open_try order by date) as o,
        array_agg(high_try order by date) as h, array_agg(low_try order by date) as l,
        array_agg(close_try order by date) as c, array_agg(volume_shares order by date) as v
      from daily_bars where date >= ${fromDate}::date group by symbol order by symbol`);
    return result.rows.map((r) => ({
      symbol: r.symbol,
      dates: r.dates,
      open: r.o,
      high: r.h,
      low: r.l,
      close: r.c,
      volume: r.v,
    }));
  }

  async latestBarDate(): Promise<string | null> {
    const result = await this.db.execute<{ d: string | null }>(
      sql`select max(date)::text as d from daily_bars`,
    );
    return result.rows[0]?.d ?? null;
  }

  // ------------------------------------------------------------------ models and walk-forward scores

  async insertModels(rows: readonly NewModel[]): Promise<void> {
    for (const row of rows) await this.db.insert(mlModels).values(row);
  }

  async countModels(): Promise<number> {
    const result = await this.db.execute<{ n: number }>(sql`select count(*)::int as n from ml_models`);
    return Number(result.rows[0]?.n ?? 0);
  }

  /** The newest model of each algorithm × horizon (of the given algorithms). */
  async latestModels(algorithmIds: readonly string[]): Promise<ServingModelRow[]> {
    if (algorithmIds.length === 0) return [];
    const result = await this.db.execute<{
      algorithm_id: string;
      horizon_days: number;
      cutoff_date: string;
      state_json: string;
      created_at: string | Date;
    }>(sql`
      select distinct on (algorithm_id, horizon_days) algorithm_id, horizon_days, cutoff_date::text as cutoff_date, state_json, created_at
      from ml_models where algorithm_id = any(${sql.param([...algorithmIds])}::text[])
      order by algorithm_id, horizon_days, created_at desc`);
    return result.rows.map((r) => ({
      algorithmId: r.algorithm_id,
      horizonDays: Number(r.horizon_days),
      cutoffDate: r.cutoff_date,
      stateJson: r.state_json,
      createdAt: new Date(r.created_at),
    }));
  }

  /** Latest training instant per algorithm. */
  async lastTrainedAt(): Promise<Map<string, Date>> {
    const result = await this.db.execute<{ algorithm_id: string; at: string | Date }>(
      sql`select algorithm_id, max(created_at) as at from ml_models group by algorithm_id`,
    );
    return new Map(result.rows.map((r) => [r.algorithm_id, new Date(r.at)]));
  }

  async insertEvaluations(rows: readonly NewEvaluation[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(mlEvaluations).values([...rows]);
  }

  /** The newest walk-forward record of each algorithm at a horizon. */
  async latestEvaluations(horizonDays: number): Promise<EvaluationRow[]> {
    const rows = await this.db
      .selectDistinctOn([mlEvaluations.algorithmId])
      .from(mlEvaluations)
      .where(eq(mlEvaluations.horizonDays, horizonDays))
      .orderBy(mlEvaluations.algorithmId, desc(mlEvaluations.createdAt));
    return rows;
  }

  // ------------------------------------------------------------------ predictions

  /** Inserts predictions; a second batch for the same algorithm, stock, horizon and as-of date replaces the first. */
  async upsertPredictions(rows: readonly NewPrediction[]): Promise<void> {
    for (let start = 0; start < rows.length; start += BATCH) {
      const b = rows.slice(start, start + BATCH);
      await this.db.execute(sql`
        insert into predictions (algorithm_id, symbol, horizon_days, as_of_date, target_date, current_price_try, expected_return,
          direction, confidence, target_price_try, run_id, created_at)
        select * from unnest(
          ${sql.param(b.map((r) => r.algorithmId))}::text[], ${sql.param(b.map((r) => r.symbol))}::text[],
          ${sql.param(b.map((r) => r.horizonDays))}::int[], ${sql.param(b.map((r) => r.asOfDate))}::date[],
          ${sql.param(b.map((r) => r.targetDate))}::date[], ${sql.param(b.map((r) => r.currentPriceTry))}::float8[],
          ${sql.param(b.map((r) => r.expectedReturn))}::float8[], ${sql.param(b.map((r) => r.direction))}::text[],
          ${sql.param(b.map((r) => r.confidence))}::float8[], ${sql.param(b.map((r) => r.targetPriceTry))}::float8[],
          ${sql.param(b.map((r) => r.runId ?? null))}::uuid[], ${sql.param(b.map((r) => (r.createdAt ?? new Date()).toISOString()))}::timestamptz[])
        on conflict (algorithm_id, symbol, horizon_days, as_of_date) do update set target_date = excluded.target_date,
          current_price_try = excluded.current_price_try, expected_return = excluded.expected_return, direction = excluded.direction,
          confidence = excluded.confidence, target_price_try = excluded.target_price_try, run_id = excluded.run_id,
          created_at = excluded.created_at`);
    }
  }

  /**
   * Unevaluated predictions whose target date has a stored close (or, for a stock without a bar that day, the first
   * close after it), with that close.
   */
  async maturedPredictions(limit: number): Promise<MaturedPrediction[]> {
    const result = await this.db.execute<{
      id: string;
      direction: string;
      current_price_try: number;
      realised: number;
    }>(sql`
      select p.id, p.direction, p.current_price_try, b.close_try as realised
      from predictions p
      cross join lateral (
        select close_try from daily_bars d where d.symbol = p.symbol and d.date >= p.target_date order by d.date limit 1
      ) b
      where not exists (select 1 from prediction_evaluations e where e.prediction_id = p.id)
        and p.target_date <= (select max(date) from daily_bars)
      order by p.target_date limit ${limit}`);
    return result.rows.map((r) => ({
      id: r.id,
      direction: r.direction,
      currentPriceTry: Number(r.current_price_try),
      realisedPriceTry: Number(r.realised),
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

  async countPredictionsSince(since: Date): Promise<number> {
    const result = await this.db.execute<{ n: number }>(
      sql`select count(*)::int as n from predictions where created_at >= ${since.toISOString()}::timestamptz`,
    );
    return Number(result.rows[0]?.n ?? 0);
  }

  async countPredictions(): Promise<number> {
    const result = await this.db.execute<{ n: number }>(sql`select count(*)::int as n from predictions`);
    return Number(result.rows[0]?.n ?? 0);
  }

  /** The newest as-of date with predictions (of enabled algorithms; of one horizon if given). */
  async latestAsOfDate(horizonDays?: number): Promise<string | null> {
    const result = await this.db.execute<{ d: string | null }>(sql`
      select max(p.as_of_date)::text as d from predictions p join ml_algorithms a on a.id = p.algorithm_id
      where a.enabled ${horizonDays ? sql`and p.horizon_days = ${horizonDays}` : sql``}`);
    return result.rows[0]?.d ?? null;
  }

  /** The best prediction per stock of a batch (highest confidence, enabled algorithms), best first. */
  async topPredictions(asOfDate: string, limit: number, horizonDays?: number): Promise<TopPredictionRow[]> {
    const result = await this.db.execute<Record<string, unknown>>(sql`
      select * from (
        select distinct on (p.symbol) p.id, p.symbol, p.algorithm_id, a.name as algorithm_name, p.horizon_days,
          p.as_of_date::text as as_of_date, p.target_date::text as target_date, p.current_price_try, p.expected_return,
          p.direction, p.confidence, p.target_price_try, p.created_at
        from predictions p join ml_algorithms a on a.id = p.algorithm_id
        where p.as_of_date = ${asOfDate}::date and a.enabled ${horizonDays ? sql`and p.horizon_days = ${horizonDays}` : sql``}
        order by p.symbol, p.confidence desc, abs(p.expected_return) desc
      ) best order by confidence desc, abs(expected_return) desc, symbol limit ${limit}`);
    return result.rows.map((r) => ({
      id: String(r.id),
      symbol: String(r.symbol),
      algorithmId: String(r.algorithm_id),
      algorithmName: String(r.algorithm_name),
      horizonDays: Number(r.horizon_days),
      asOfDate: String(r.as_of_date),
      targetDate: String(r.target_date),
      currentPriceTry: Number(r.current_price_try),
      expectedReturn: Number(r.expected_return),
      direction: String(r.direction),
      confidence: Number(r.confidence),
      targetPriceTry: Number(r.target_price_try),
      createdAt: new Date(r.created_at as string | Date),
    }));
  }

  /** Predictions of a batch with confidence ≥ `threshold` (fraction), enabled algorithms. */
  async countConfident(asOfDate: string, threshold: number, horizonDays?: number): Promise<number> {
    const result = await this.db.execute<{ n: number }>(sql`
      select count(*)::int as n from predictions p join ml_algorithms a on a.id = p.algorithm_id
      where p.as_of_date = ${asOfDate}::date and a.enabled and p.confidence >= ${threshold}
      ${horizonDays ? sql`and p.horizon_days = ${horizonDays}` : sql``}`);
    return Number(result.rows[0]?.n ?? 0);
  }

  /** Per target date from `fromDate`: evaluated predictions and hits (enabled algorithms). */
  async accuracyByTargetDate(
    fromDate: string,
    horizonDays?: number,
  ): Promise<{ date: string; evaluated: number; hits: number }[]> {
    const result = await this.db.execute<{ d: string; n: number; hits: number }>(sql`
      select p.target_date::text as d, count(*)::int as n, sum(case when e.hit then 1 else 0 end)::int as hits
      from prediction_evaluations e join predictions p on p.id = e.prediction_id join ml_algorithms a on a.id = p.algorithm_id
      where p.target_date >= ${fromDate}::date and a.enabled ${horizonDays ? sql`and p.horizon_days = ${horizonDays}` : sql``}
      group by p.target_date order by p.target_date`);
    return result.rows.map((r) => ({ date: r.d, evaluated: Number(r.n), hits: Number(r.hits) }));
  }

  /** Realised evaluations per algorithm at a horizon: count, hits and distinct target dates. */
  async realisedByAlgorithm(
    horizonDays: number,
  ): Promise<Map<string, { evaluated: number; hits: number; days: number }>> {
    const result = await this.db.execute<{ algorithm_id: string; n: number; hits: number; days: number }>(sql`
      select p.algorithm_id, count(*)::int as n, sum(case when e.hit then 1 else 0 end)::int as hits,
        count(distinct p.target_date)::int as days
      from prediction_evaluations e join predictions p on p.id = e.prediction_id
      where p.horizon_days = ${horizonDays} group by p.algorithm_id`);
    return new Map(
      result.rows.map((r) => [
        r.algorithm_id,
        { evaluated: Number(r.n), hits: Number(r.hits), days: Number(r.days) },
      ]),
    );
  }

  /** Live predictions made per algorithm (all horizons). */
  async predictionCountsByAlgorithm(): Promise<Map<string, number>> {
    const result = await this.db.execute<{ algorithm_id: string; n: number }>(
      sql`select algorithm_id, count(*)::int as n from predictions group by algorithm_id`,
    );
    return new Map(result.rows.map((r) => [r.algorithm_id, Number(r.n)]));
  }

  /** Predictions of one symbol created since an instant (tests and admin views). */
  async predictionsOf(symbol: string, since: Date): Promise<(typeof predictions.$inferSelect)[]> {
    return this.db
      .select()
      .from(predictions)
      .where(and(eq(predictions.symbol, symbol), gte(predictions.createdAt, since)))
      .orderBy(asc(predictions.algorithmId));
  }
}
