import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AlgorithmEvaluation } from '@bist/contracts';
import type { DbExecutor } from '@/db/executor';
import {
  factorScores,
  mlAlgorithms,
  mlEvaluations,
  mlModels,
  mlRuns,
  predictionEvaluations,
} from '@/db/schema/index';
import type { NewPrediction } from './predictions.repository.ts';

export type RunRow = typeof mlRuns.$inferSelect;
export type NewModel = typeof mlModels.$inferInsert;
export type NewEvaluation = typeof mlEvaluations.$inferInsert;

/** The stored row of a walk-forward evaluation: its headline figures as columns, the whole record as JSON. */
export function evaluationRow(
  e: AlgorithmEvaluation,
  meta: { runId?: string | null; createdAt: Date; dataSource?: string | null },
): NewEvaluation {
  return {
    dataSource: meta.dataSource ?? null,
    algorithmId: e.algorithmId,
    horizonDays: e.horizonDays,
    source: e.source,
    accuracyPercent: e.accuracyPercent,
    accuracyCiLowPercent: e.accuracyCiLowPercent,
    accuracyCiHighPercent: e.accuracyCiHighPercent,
    mae: e.mae,
    rmse: e.rmse,
    skillVsRandomWalk: e.skillVsRandomWalk,
    r2: e.r2,
    icMean: e.ic.mean,
    icIcir: e.ic.icir,
    rankIcMean: e.rankIc.mean,
    rankIcIcir: e.rankIc.icir,
    predictionsCount: e.predictionsCount,
    evaluatedFrom: e.evaluatedFrom,
    evaluatedTo: e.evaluatedTo,
    record: e,
    runId: meta.runId ?? null,
    createdAt: meta.createdAt,
  };
}

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

export interface ServingModelRow {
  algorithmId: string;
  horizonDays: number;
  cutoffDate: string;
  stateJson: string;
  createdAt: Date;
}

/** The registry's state of one algorithm × horizon: its newest version number and its champion's walk-forward. */
export interface RegistryHead {
  algorithmId: string;
  horizonDays: number;
  maxVersion: number;
  championId: string | null;
  championRankIc: number | null;
  championAccuracy: number | null;
  /** What the champion learned from ('real', 'simulated'; null: before it was recorded). */
  championSource: string | null;
}

/** A model version with its walk-forward and the run that trained it (no state: that is the model itself). */
export interface ModelVersionRow {
  id: string;
  algorithmId: string;
  horizonDays: number;
  version: number;
  champion: boolean;
  trainFrom: string | null;
  cutoffDate: string;
  dataFingerprint: string | null;
  codeVersion: string | null;
  sizeBytes: number;
  metrics: Record<string, number | string | null>;
  runId: string | null;
  requestedBy: string | null;
  createdAt: Date;
  accuracyPercent: number | null;
  r2: number | null;
  skillVsRandomWalk: number | null;
  rankIcMean: number | null;
  predictionsCount: number | null;
}

export interface DuePrediction {
  id: string;
  symbol: string;
  targetDate: string;
  direction: string;
  currentPriceTry: number;
}

const BATCH = 10_000;

/** The run's log with one more line (the oldest dropped beyond `max`), as an SQL expression for `set log = …`. */
function logWith(line: string, at: Date, max: number) {
  return sql`(case when jsonb_array_length(log) >= ${max} then log - 0 else log end)
    || jsonb_build_array(jsonb_build_object('at', ${at.toISOString()}::text, 'line', ${line}::text))`;
}

/**
 * The write side of predictions: the algorithm table's sync and flags, runs, the bars a run loads, trained models,
 * walk-forward scores, predictions and their realised evaluations. Queries only; the rules are in
 * PredictionRunsService.
 */
export class PredictionRunsRepository {
  constructor(private readonly db: DbExecutor) {}

  /** Runs `fn` in one transaction with a repository bound to it (a staff change and its audit row commit together). */
  async transaction<T>(fn: (repo: PredictionRunsRepository, tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => fn(new PredictionRunsRepository(tx), tx));
  }

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

  /**
   * Enables or disables algorithms (one id, or every one with `id` null); enabling clears an emergency stop, a stop
   * records who stopped it and why. Returns the ids changed.
   */
  async setAlgorithmEnabled(
    id: string | null,
    enabled: boolean,
    now: Date,
    stop?: { by: string; reason: string },
  ): Promise<string[]> {
    const rows = await this.db
      .update(mlAlgorithms)
      .set({
        enabled,
        updatedAt: now,
        ...(enabled
          ? { stoppedBy: null, stoppedAt: null, stopReason: null }
          : stop
            ? { stoppedBy: stop.by, stoppedAt: now, stopReason: stop.reason }
            : {}),
      })
      .where(id === null ? sql`true` : eq(mlAlgorithms.id, id))
      .returning({ id: mlAlgorithms.id });
    return rows.map((r) => r.id);
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
      Pick<
        RunRow,
        'status' | 'progress' | 'message' | 'error' | 'jobId' | 'startedAt' | 'finishedAt' | 'dataSource'
      >
    >,
  ): Promise<void> {
    await this.db.update(mlRuns).set(patch).where(eq(mlRuns.id, id));
  }

  /** Moves a run to a final state unless it already has one (a cancel must not be overwritten by a late success). */
  async finishRun(
    id: string,
    status: 'succeeded' | 'failed' | 'cancelled',
    patch: {
      message?: string | null;
      error?: string | null;
      now: Date;
      /** A last line for the run's log, written with the status (a reader never sees one without the other). */
      logLine?: { line: string; max: number };
    },
  ): Promise<boolean> {
    const rows = await this.db
      .update(mlRuns)
      .set({
        status,
        finishedAt: patch.now,
        ...(patch.logLine ? { log: logWith(patch.logLine.line, patch.now, patch.logLine.max) } : {}),
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

  /** Appends a line to a run's log, dropping the oldest beyond `max`. */
  async appendRunLog(id: string, line: string, at: Date, max: number): Promise<void> {
    await this.db.execute(sql`update ml_runs set log = ${logWith(line, at, max)} where id = ${id}`);
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

  /** Per algorithm × horizon (of the given algorithms) with a stored version: the newest version and the champion. */
  async registryHeads(algorithmIds: readonly string[]): Promise<RegistryHead[]> {
    if (algorithmIds.length === 0) return [];
    const result = await this.db.execute<{
      algorithm_id: string;
      horizon_days: number;
      max_version: number;
      champion_id: string | null;
      rank_ic: number | null;
      accuracy: number | null;
      champion_source: string | null;
    }>(sql`
      select v.algorithm_id, v.horizon_days, v.max_version, c.id as champion_id, e.rank_ic_mean as rank_ic,
        e.accuracy_percent as accuracy, c.data_source as champion_source
      from (select algorithm_id, horizon_days, max(version)::int as max_version from ml_models
            where algorithm_id = any(${sql.param([...algorithmIds])}::text[]) group by algorithm_id, horizon_days) v
      left join ml_models c on c.algorithm_id = v.algorithm_id and c.horizon_days = v.horizon_days and c.champion
      left join lateral (
        select rank_ic_mean, accuracy_percent from ml_evaluations x
        where x.run_id = c.run_id and x.algorithm_id = c.algorithm_id and x.horizon_days = c.horizon_days
        order by x.created_at desc limit 1
      ) e on true`);
    return result.rows.map((r) => ({
      algorithmId: r.algorithm_id,
      horizonDays: Number(r.horizon_days),
      maxVersion: Number(r.max_version),
      championId: r.champion_id,
      championRankIc: r.rank_ic === null ? null : Number(r.rank_ic),
      championAccuracy: r.accuracy === null ? null : Number(r.accuracy),
      championSource: r.champion_source,
    }));
  }

  /** Inserts model versions; those marked champion replace their algorithm × horizon's champion (one transaction). */
  async insertModels(rows: readonly NewModel[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (const row of rows) {
        if (row.champion) {
          await tx
            .update(mlModels)
            .set({ champion: false })
            .where(and(eq(mlModels.algorithmId, row.algorithmId), eq(mlModels.horizonDays, row.horizonDays)));
        }
        await tx.insert(mlModels).values(row);
      }
    });
  }

  /** Makes a version the champion of its algorithm × horizon; false when there is no such version. */
  async setChampion(modelId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ algorithmId: mlModels.algorithmId, horizonDays: mlModels.horizonDays })
        .from(mlModels)
        .where(eq(mlModels.id, modelId))
        .limit(1);
      const model = rows[0];
      if (!model) return false;
      await tx
        .update(mlModels)
        .set({ champion: false })
        .where(and(eq(mlModels.algorithmId, model.algorithmId), eq(mlModels.horizonDays, model.horizonDays)));
      await tx.update(mlModels).set({ champion: true }).where(eq(mlModels.id, modelId));
      return true;
    });
  }

  /** Every version of an algorithm (newest first) with its walk-forward and who started its run. */
  async modelVersions(algorithmId: string): Promise<ModelVersionRow[]> {
    const result = await this.db.execute<Record<string, unknown>>(sql`
      select m.id, m.algorithm_id, m.horizon_days, m.version, m.champion, m.train_from::text as train_from,
        m.cutoff_date::text as cutoff_date, m.data_fingerprint, m.code_version, octet_length(m.state_json)::int as size_bytes,
        m.metrics, m.run_id, r.requested_by, m.created_at, e.accuracy_percent, e.r2, e.skill_vs_random_walk, e.rank_ic_mean,
        e.predictions_count
      from ml_models m
      left join ml_runs r on r.id = m.run_id
      left join lateral (
        select * from ml_evaluations x
        where x.run_id = m.run_id and x.algorithm_id = m.algorithm_id and x.horizon_days = m.horizon_days
        order by x.created_at desc limit 1
      ) e on true
      where m.algorithm_id = ${algorithmId}
      order by m.horizon_days, m.version desc`);
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return result.rows.map((r) => ({
      id: String(r.id),
      algorithmId: String(r.algorithm_id),
      horizonDays: Number(r.horizon_days),
      version: Number(r.version),
      champion: Boolean(r.champion),
      trainFrom: (r.train_from as string | null) ?? null,
      cutoffDate: String(r.cutoff_date),
      dataFingerprint: (r.data_fingerprint as string | null) ?? null,
      codeVersion: (r.code_version as string | null) ?? null,
      sizeBytes: Number(r.size_bytes),
      metrics: (typeof r.metrics === 'string' ? JSON.parse(r.metrics) : r.metrics) as Record<
        string,
        number | string | null
      >,
      runId: (r.run_id as string | null) ?? null,
      requestedBy: (r.requested_by as string | null) ?? null,
      createdAt: new Date(r.created_at as string | Date),
      accuracyPercent: num(r.accuracy_percent),
      r2: num(r.r2),
      skillVsRandomWalk: num(r.skill_vs_random_walk),
      rankIcMean: num(r.rank_ic_mean),
      predictionsCount: num(r.predictions_count),
    }));
  }

  /** The champion of each algorithm × horizon (of the given algorithms); the newest version where none is marked. */
  async championModels(algorithmIds: readonly string[]): Promise<ServingModelRow[]> {
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
      order by algorithm_id, horizon_days, champion desc, created_at desc`);
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
