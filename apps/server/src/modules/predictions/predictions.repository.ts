import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { mlAlgorithms, mlEvaluations, predictionEvaluations, predictions } from '@/db/schema/index';

/** A prediction's realised outcome once its target close is stored. */
export interface PredictionScore {
  realisedReturn: number | null;
  hit: boolean | null;
}

/** A factor's score of one stock on its newest stored date. */
export interface FactorScoreRow {
  symbol: string;
  asOfDate: string;
  score: number;
  currentPriceTry: number;
  createdAt: Date;
}

export type AlgorithmRow = typeof mlAlgorithms.$inferSelect;
export type EvaluationRow = typeof mlEvaluations.$inferSelect;
export type NewPrediction = Omit<typeof predictions.$inferInsert, 'id'>;

/** One model: an algorithm at a horizon. */
export interface ModelKey {
  horizonDays: number;
  algorithmId: string;
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

/** Realised (live) scores of one algorithm at one horizon, in total and per target date (oldest first). */
export interface RealisedScores {
  evaluated: number;
  hits: number;
  ups: number;
  days: number;
  daily: { n: number; hits: number; ups: number }[];
}

/** The read side of predictions: algorithms, models' dates, walk-forward scores, predictions and their scores. */
export class PredictionsRepository {
  constructor(private readonly db: Db) {}

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

  /** Predictions created since an instant: how many, and the oldest one's instant (null when none). */
  async predictionsSince(since: Date): Promise<{ count: number; oldest: Date | null }> {
    const result = await this.db.execute<{ n: number; oldest: string | Date | null }>(
      sql`select count(*)::int as n, min(created_at) as oldest from predictions
          where created_at >= ${since.toISOString()}::timestamptz`,
    );
    const row = result.rows[0];
    return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
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

  /**
   * The predictions of a batch made by the given (horizon, algorithm) pairs — the production models — optionally of one
   * stock; highest confidence first.
   */
  async predictionsOfModels(
    asOfDate: string,
    models: readonly ModelKey[],
    symbol?: string,
  ): Promise<TopPredictionRow[]> {
    if (models.length === 0) return [];
    const pairs = sql.join(
      models.map((m) => sql`(p.horizon_days = ${m.horizonDays} and p.algorithm_id = ${m.algorithmId})`),
      sql` or `,
    );
    const result = await this.db.execute<Record<string, unknown>>(sql`
      select p.id, p.symbol, p.algorithm_id, a.name as algorithm_name, p.horizon_days,
        p.as_of_date::text as as_of_date, p.target_date::text as target_date, p.current_price_try, p.expected_return,
        p.direction, p.confidence, p.target_price_try, p.created_at
      from predictions p join ml_algorithms a on a.id = p.algorithm_id
      where p.as_of_date = ${asOfDate}::date and (${pairs}) ${symbol ? sql`and p.symbol = ${symbol}` : sql``}
      order by p.confidence desc, abs(p.expected_return) desc, p.symbol, p.horizon_days`);
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

  /** A factor's scores on its newest stored date, highest first (the factor's ranking); empty before any. */
  async latestFactorScores(factorId: string): Promise<FactorScoreRow[]> {
    const result = await this.db.execute<Record<string, unknown>>(sql`
      select symbol, as_of_date::text as as_of_date, score, current_price_try, created_at from factor_scores
      where factor_id = ${factorId}
        and as_of_date = (select max(as_of_date) from factor_scores where factor_id = ${factorId})
      order by score desc, symbol`);
    return result.rows.map((r) => ({
      symbol: String(r.symbol),
      asOfDate: String(r.as_of_date),
      score: Number(r.score),
      currentPriceTry: Number(r.current_price_try),
      createdAt: new Date(r.created_at as string | Date),
    }));
  }

  /** The newest as-of date with predictions of the given models. */
  async latestAsOfDateOfModels(models: readonly ModelKey[]): Promise<string | null> {
    if (models.length === 0) return null;
    const pairs = sql.join(
      models.map((m) => sql`(horizon_days = ${m.horizonDays} and algorithm_id = ${m.algorithmId})`),
      sql` or `,
    );
    const result = await this.db.execute<{ d: string | null }>(
      sql`select max(as_of_date)::text as d from predictions where ${pairs}`,
    );
    return result.rows[0]?.d ?? null;
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

  /** The algorithms that served the newest batch, per horizon ('algorithmId:horizon'). */
  async servedModels(): Promise<Set<string>> {
    const result = await this.db.execute<{ algorithm_id: string; horizon_days: number }>(sql`
      select distinct algorithm_id, horizon_days from predictions
      where as_of_date = (select max(as_of_date) from predictions)`);
    return new Set(result.rows.map((r) => `${r.algorithm_id}:${Number(r.horizon_days)}`));
  }

  /** Latest final-fit error per algorithm at a horizon (null when the fit succeeded). */
  async latestModelErrors(horizonDays: number): Promise<Map<string, string | null>> {
    const result = await this.db.execute<{ algorithm_id: string; error: string | null }>(sql`
      select distinct on (algorithm_id) algorithm_id, metrics->>'error' as error from ml_models
      where horizon_days = ${horizonDays} order by algorithm_id, created_at desc`);
    return new Map(result.rows.map((r) => [r.algorithm_id, r.error ?? null]));
  }

  /**
   * Per target date from `fromDate`: evaluated predictions, hits and those that closed up (enabled algorithms); a
   * prediction whose realised return was exactly 0 (hit null) is left out of all three.
   */
  async accuracyByTargetDate(
    fromDate: string,
    horizonDays?: number,
  ): Promise<{ date: string; evaluated: number; hits: number; ups: number }[]> {
    const result = await this.db.execute<{ d: string; n: number; hits: number; ups: number }>(sql`
      select p.target_date::text as d, count(*)::int as n, sum(case when e.hit then 1 else 0 end)::int as hits,
        sum(case when e.realised_return > 0 then 1 else 0 end)::int as ups
      from prediction_evaluations e join predictions p on p.id = e.prediction_id join ml_algorithms a on a.id = p.algorithm_id
      where p.target_date >= ${fromDate}::date and a.enabled and e.hit is not null
      ${horizonDays ? sql`and p.horizon_days = ${horizonDays}` : sql``}
      group by p.target_date order by p.target_date`);
    return result.rows.map((r) => ({
      date: r.d,
      evaluated: Number(r.n),
      hits: Number(r.hits),
      ups: Number(r.ups),
    }));
  }

  /**
   * Realised evaluations per algorithm at a horizon: scored count, hits, those that closed up (always-up's hits on the
   * same rows), distinct target dates, and the same per target date, oldest first (for the day-clustered interval);
   * zero realised returns (hit null) are excluded.
   */
  async realisedByAlgorithm(horizonDays: number): Promise<Map<string, RealisedScores>> {
    const result = await this.db.execute<{
      algorithm_id: string;
      target_date: string;
      n: number;
      hits: number;
      ups: number;
    }>(sql`
      select p.algorithm_id, p.target_date::text as target_date, count(*)::int as n,
        sum(case when e.hit then 1 else 0 end)::int as hits,
        sum(case when e.realised_return > 0 then 1 else 0 end)::int as ups
      from prediction_evaluations e join predictions p on p.id = e.prediction_id
      where p.horizon_days = ${horizonDays} and e.hit is not null
      group by p.algorithm_id, p.target_date order by p.algorithm_id, p.target_date`);
    const out = new Map<string, RealisedScores>();
    for (const r of result.rows) {
      const day = { n: Number(r.n), hits: Number(r.hits), ups: Number(r.ups) };
      let scores = out.get(r.algorithm_id);
      if (!scores) {
        scores = { evaluated: 0, hits: 0, ups: 0, days: 0, daily: [] };
        out.set(r.algorithm_id, scores);
      }
      scores.evaluated += day.n;
      scores.hits += day.hits;
      scores.ups += day.ups;
      scores.days += 1;
      scores.daily.push(day);
    }
    return out;
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

  /** The realised scores of the given predictions (those evaluated: realised return and hit), keyed by prediction id. */
  async scoresOf(ids: readonly string[]): Promise<Map<string, PredictionScore>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({
        id: predictionEvaluations.predictionId,
        realisedReturn: predictionEvaluations.realisedReturn,
        hit: predictionEvaluations.hit,
      })
      .from(predictionEvaluations)
      .where(inArray(predictionEvaluations.predictionId, [...ids]));
    return new Map(rows.map((r) => [r.id, { realisedReturn: r.realisedReturn, hit: r.hit }]));
  }
}
