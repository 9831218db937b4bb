import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { predictionEvaluations, predictions } from '@/db/schema/index';
import type { AlgorithmRow, EvaluationRow, RealisedScores } from '@/modules/models/registry.service';

export type { AlgorithmRow, EvaluationRow, RealisedScores };

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

/**
 * What the predictions read of the model registry (modules/models owns the algorithms, the trained versions, the
 * walk-forward scores and the runs; its registry repository implements this, wired by the composition root).
 */
export interface ModelRegistryReads {
  listAlgorithms(): Promise<AlgorithmRow[]>;
  viewsFingerprint(): Promise<string>;
  countModels(): Promise<number>;
  lastTrainedAt(): Promise<Map<string, Date>>;
  latestEvaluations(horizonDays: number): Promise<EvaluationRow[]>;
  championTraining(): Promise<{ source: string | null; first: string | null; last: string }[]>;
  latestModelErrors(horizonDays: number): Promise<Map<string, string | null>>;
}

/**
 * The read side of predictions: predictions and their realised scores, the factor rankings, and — through the model
 * registry — the algorithms, models' dates and walk-forward scores.
 */
export class PredictionsRepository {
  constructor(
    private readonly db: Db,
    private readonly registry: ModelRegistryReads,
  ) {}

  async listAlgorithms(): Promise<AlgorithmRow[]> {
    return this.registry.listAlgorithms();
  }

  /** The ids of the enabled algorithms: only their predictions are shown and scored. */
  private async enabledIds(): Promise<string[]> {
    return (await this.registry.listAlgorithms()).filter((a) => a.enabled).map((a) => a.id);
  }

  /** A fingerprint of everything the investor views of predictions are made from (the registry's, see there). */
  async viewsFingerprint(): Promise<string> {
    return this.registry.viewsFingerprint();
  }

  async countModels(): Promise<number> {
    return this.registry.countModels();
  }

  /** Latest training instant per algorithm. */
  async lastTrainedAt(): Promise<Map<string, Date>> {
    return this.registry.lastTrainedAt();
  }

  /** The newest walk-forward record of each algorithm at a horizon. */
  async latestEvaluations(horizonDays: number): Promise<EvaluationRow[]> {
    return this.registry.latestEvaluations(horizonDays);
  }

  /** What the served (champion) model versions learned from (their data sources and training ranges). */
  async championTraining(): Promise<{ source: string | null; first: string | null; last: string }[]> {
    return this.registry.championTraining();
  }

  /** Latest final-fit error per algorithm at a horizon (null when the fit succeeded). */
  async latestModelErrors(horizonDays: number): Promise<Map<string, string | null>> {
    return this.registry.latestModelErrors(horizonDays);
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
    const enabled = await this.enabledIds();
    const result = await this.db.execute<{ d: string | null }>(sql`
      select max(p.as_of_date)::text as d from predictions p
      where p.algorithm_id = any(${sql.param(enabled)}::text[])
        ${horizonDays ? sql`and p.horizon_days = ${horizonDays}` : sql``}`);
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
    const nameOf = new Map((await this.registry.listAlgorithms()).map((a) => [a.id, a.name]));
    const result = await this.db.execute<Record<string, unknown>>(sql`
      select p.id, p.symbol, p.algorithm_id, p.horizon_days,
        p.as_of_date::text as as_of_date, p.target_date::text as target_date, p.current_price_try, p.expected_return,
        p.direction, p.confidence, p.target_price_try, p.created_at
      from predictions p
      where p.as_of_date = ${asOfDate}::date and (${pairs}) ${symbol ? sql`and p.symbol = ${symbol}` : sql``}
        and p.algorithm_id = any(${sql.param([...nameOf.keys()])}::text[])
      order by p.confidence desc, abs(p.expected_return) desc, p.symbol, p.horizon_days`);
    return result.rows.map((r) => ({
      id: String(r.id),
      symbol: String(r.symbol),
      algorithmId: String(r.algorithm_id),
      algorithmName: nameOf.get(String(r.algorithm_id))!,
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

  /** The algorithms that served the newest batch, per horizon ('algorithmId:horizon'). */
  async servedModels(): Promise<Set<string>> {
    const result = await this.db.execute<{ algorithm_id: string; horizon_days: number }>(sql`
      select distinct algorithm_id, horizon_days from predictions
      where as_of_date = (select max(as_of_date) from predictions)`);
    return new Set(result.rows.map((r) => `${r.algorithm_id}:${Number(r.horizon_days)}`));
  }

  /**
   * Per target date from `fromDate`: evaluated predictions, hits and those that closed up (enabled algorithms); a
   * prediction whose realised return was exactly 0 (hit null) is left out of all three.
   */
  async accuracyByTargetDate(
    fromDate: string,
    horizonDays?: number,
  ): Promise<{ date: string; evaluated: number; hits: number; ups: number }[]> {
    const enabled = await this.enabledIds();
    const result = await this.db.execute<{ d: string; n: number; hits: number; ups: number }>(sql`
      select p.target_date::text as d, count(*)::int as n, sum(case when e.hit then 1 else 0 end)::int as hits,
        sum(case when e.realised_return > 0 then 1 else 0 end)::int as ups
      from prediction_evaluations e join predictions p on p.id = e.prediction_id
      where p.target_date >= ${fromDate}::date and e.hit is not null
        and p.algorithm_id = any(${sql.param(enabled)}::text[])
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
