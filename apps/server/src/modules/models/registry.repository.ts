import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AlgorithmEvaluation } from '@bist/contracts';
import type { DbExecutor } from '@/db/executor';
import { mlAlgorithms, mlEvaluations, mlModels } from '@/db/schema/index';

export type AlgorithmRow = typeof mlAlgorithms.$inferSelect;
export type EvaluationRow = typeof mlEvaluations.$inferSelect;
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

/**
 * The model registry: the algorithms with their flags (ml_algorithms), the trained versions and their champions
 * (ml_models) and the walk-forward scores (ml_evaluations). Queries only; the rules are in ModelRegistryService and
 * TrainingPipeline.
 */
export class ModelRegistryRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The same queries inside a transaction another repository opened. */
  on(tx: DbExecutor): ModelRegistryRepository {
    return new ModelRegistryRepository(tx);
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

  // ------------------------------------------------------------------ what the predictions read

  async listAlgorithms(): Promise<AlgorithmRow[]> {
    return this.db.select().from(mlAlgorithms).orderBy(asc(mlAlgorithms.position));
  }

  /**
   * A fingerprint of everything the investor views of predictions are made from, as stored: the finished runs (every
   * model, walk-forward score, prediction and realised score is written by a run, whichever process ran it), the
   * algorithms' flags and the champion models (staff changes outside runs). Equal fingerprints mean equal views; one
   * query on small tables (ml_runs, ml_algorithms, the champions of ml_models), cheap enough to repeat every second.
   */
  async viewsFingerprint(): Promise<string> {
    const result = await this.db.execute<{ fingerprint: string }>(sql`
      select concat_ws('|',
        (select count(*) from ml_runs where finished_at is not null),
        (select max(finished_at)::text from ml_runs),
        (select md5(coalesce(string_agg(id || ':' || enabled::text || ':' || updated_at::text, ',' order by id), ''))
           from ml_algorithms),
        (select md5(coalesce(string_agg(id::text, ',' order by id), '')) from ml_models where champion)
      ) as fingerprint`);
    return result.rows[0]?.fingerprint ?? '';
  }

  async countModels(): Promise<number> {
    const result = await this.db.execute<{ n: number }>(sql`select count(*)::int as n from ml_models`);
    return Number(result.rows[0]?.n ?? 0);
  }

  /** Latest training instant per algorithm. */
  async lastTrainedAt(): Promise<Map<string, Date>> {
    const result = await this.db.execute<{ algorithm_id: string; at: string | Date }>(
      sql`select algorithm_id, max(created_at) as at from ml_models group by algorithm_id`,
    );
    return new Map(result.rows.map((r) => [r.algorithm_id, new Date(r.at)]));
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

  /**
   * What the served (champion) model versions learned from: the data source of each (null: trained before it was
   * recorded) and the range of their training panels.
   */
  async championTraining(): Promise<{ source: string | null; first: string | null; last: string }[]> {
    const result = await this.db.execute<{ source: string | null; first: string | null; last: string }>(sql`
      select data_source as source, min(train_from)::text as first, max(cutoff_date)::text as last
      from ml_models where champion group by data_source`);
    return result.rows;
  }

  /** Latest final-fit error per algorithm at a horizon (null when the fit succeeded). */
  async latestModelErrors(horizonDays: number): Promise<Map<string, string | null>> {
    const result = await this.db.execute<{ algorithm_id: string; error: string | null }>(sql`
      select distinct on (algorithm_id) algorithm_id, metrics->>'error' as error from ml_models
      where horizon_days = ${horizonDays} order by algorithm_id, created_at desc`);
    return new Map(result.rows.map((r) => [r.algorithm_id, r.error ?? null]));
  }
}
