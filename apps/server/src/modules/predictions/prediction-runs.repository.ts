import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { mlAlgorithms, mlEvaluations, mlModels, mlRuns, predictionEvaluations } from '@/db/schema/index';
import type { NewPrediction } from './predictions.repository.ts';

export type RunRow = typeof mlRuns.$inferSelect;
export type NewModel = typeof mlModels.$inferInsert;
export type NewEvaluation = typeof mlEvaluations.$inferInsert;

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

const BATCH = 10_000;

/**
 * The write side of predictions: the algorithm table's sync and flags, runs, the bars a run loads, trained models,
 * walk-forward scores, predictions and their realised evaluations. Queries only; the rules are in
 * PredictionRunsService.
 */
export class PredictionRunsRepository {
  constructor(private readonly db: Db) {}

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

  async setAlgorithmEnabled(id: string, enabled: boolean, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(mlAlgorithms)
      .set({ enabled, updatedAt: now })
      .where(eq(mlAlgorithms.id, id))
      .returning({ id: mlAlgorithms.id });
    return rows.length > 0;
  }

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

  async insertModels(rows: readonly NewModel[]): Promise<void> {
    for (const row of rows) await this.db.insert(mlModels).values(row);
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

  async insertEvaluations(rows: readonly NewEvaluation[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(mlEvaluations).values([...rows]);
  }

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
}
