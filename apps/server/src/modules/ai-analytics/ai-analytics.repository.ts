import { desc, gte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { aiMarketAnalyses, aiPortfolioOptimizations, aiPredictions } from '@/db/schema/index';

export type AiPredictionRow = typeof aiPredictions.$inferSelect;
export type NewAiPrediction = Omit<typeof aiPredictions.$inferInsert, 'id' | 'createdAt'>;
export type AiAnalysisRow = typeof aiMarketAnalyses.$inferSelect;
export type NewAiAnalysis = Omit<typeof aiMarketAnalyses.$inferInsert, 'id' | 'createdAt'>;
export type AiOptimizationRow = typeof aiPortfolioOptimizations.$inferSelect;
export type NewAiOptimization = Omit<typeof aiPortfolioOptimizations.$inferInsert, 'id' | 'createdAt'>;

/** A nullable numeric column as read (null stays null). */
const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Most rows a list returns (newest first). */
const LIST_LIMIT = 500;

/** Storage of the AI analytics page's results. Only queries. */
export class AiAnalyticsRepository {
  constructor(private readonly db: Db) {}

  async insertPredictions(rows: readonly NewAiPrediction[], now: Date): Promise<AiPredictionRow[]> {
    if (rows.length === 0) return [];
    return this.db
      .insert(aiPredictions)
      .values(rows.map((r) => ({ ...r, createdAt: now })))
      .returning();
  }

  async predictionsSince(since: Date): Promise<AiPredictionRow[]> {
    const result = await this.db.execute<Record<string, unknown>>(sql`
      select a.*, a.as_of_date::text as as_of_text, a.target_date::text as target_text
      from ai_predictions a
      where a.created_at >= ${since.toISOString()}::timestamptz
      order by a.created_at desc, a.symbol limit ${LIST_LIMIT}`);
    return result.rows.map((r) => ({
      id: String(r.id),
      predictionId: (r.prediction_id as string | null) ?? null,
      symbol: String(r.symbol),
      trend: String(r.trend),
      probabilityUp: numberOrNull(r.probability_up),
      confidence: numberOrNull(r.confidence),
      expectedReturn: numberOrNull(r.expected_return),
      intervalLow: numberOrNull(r.interval_low),
      intervalHigh: numberOrNull(r.interval_high),
      currentPriceTry: Number(r.current_price_try),
      predictionValueTry: Number(r.prediction_value_try),
      algorithmId: String(r.algorithm_id),
      modelName: String(r.model_name),
      modelVersion: r.model_version === null ? null : Number(r.model_version),
      horizonDays: Number(r.horizon_days),
      asOfDate: String(r.as_of_text),
      targetDate: String(r.target_text),
      requestedBy: String(r.requested_by),
      createdAt: new Date(r.created_at as string | Date),
    }));
  }

  async insertAnalysis(row: NewAiAnalysis, now: Date): Promise<AiAnalysisRow> {
    const [stored] = await this.db
      .insert(aiMarketAnalyses)
      .values({ ...row, createdAt: now })
      .returning();
    return stored!;
  }

  async analysesSince(since: Date): Promise<AiAnalysisRow[]> {
    return this.db
      .select()
      .from(aiMarketAnalyses)
      .where(gte(aiMarketAnalyses.createdAt, since))
      .orderBy(desc(aiMarketAnalyses.createdAt))
      .limit(LIST_LIMIT);
  }

  async insertOptimization(row: NewAiOptimization, now: Date): Promise<AiOptimizationRow> {
    const [stored] = await this.db
      .insert(aiPortfolioOptimizations)
      .values({ ...row, createdAt: now })
      .returning();
    return stored!;
  }

  async recentOptimizations(): Promise<AiOptimizationRow[]> {
    return this.db
      .select()
      .from(aiPortfolioOptimizations)
      .orderBy(desc(aiPortfolioOptimizations.createdAt))
      .limit(LIST_LIMIT);
  }

  /** Totals and averages for the dashboard cards. */
  async summary(recentSince: Date): Promise<{
    predictions: number;
    avgConfidence: number | null;
    analyses: number;
    recentAnalyses: number;
    optimizations: number;
    avgExpectedReturn: number | null;
  }> {
    const result = await this.db.execute<Record<string, unknown>>(sql`
      select
        (select count(*)::int from ai_predictions) as predictions,
        (select avg(confidence)::float8 from ai_predictions) as avg_confidence,
        (select count(*)::int from ai_market_analyses) as analyses,
        (select count(*)::int from ai_market_analyses
          where created_at >= ${recentSince.toISOString()}::timestamptz) as recent_analyses,
        (select count(*)::int from ai_portfolio_optimizations) as optimizations,
        (select avg(expected_return)::float8 from ai_portfolio_optimizations) as avg_expected_return`);
    const r = result.rows[0] ?? {};
    return {
      predictions: Number(r.predictions ?? 0),
      avgConfidence: numberOrNull(r.avg_confidence),
      analyses: Number(r.analyses ?? 0),
      recentAnalyses: Number(r.recent_analyses ?? 0),
      optimizations: Number(r.optimizations ?? 0),
      avgExpectedReturn: numberOrNull(r.avg_expected_return),
    };
  }
}
