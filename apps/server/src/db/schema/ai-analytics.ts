import { date, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { predictions } from './predictions.ts';

/**
 * Predictions generated on demand from /admin/ai: the production model's stored prediction for a stock, with the trend
 * read from its calibrated probability and the model version it came from. Scored through the prediction it points
 * to (prediction_evaluations), like every stored prediction.
 */
export const aiPredictions = pgTable(
  'ai_predictions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    predictionId: uuid('prediction_id').references(() => predictions.id, { onDelete: 'set null' }),
    symbol: text('symbol').notNull(),
    trend: text('trend').notNull(),
    /** Calibrated probability of the upper side (above the day's median for a relative call); null without one. */
    probabilityUp: doublePrecision('probability_up'),
    /** Calibrated probability of the call's side, a fraction; null where the investor's call shows none. */
    confidence: doublePrecision('confidence'),
    /**
     * The change the call is worded in, a fraction: relative to the batch's median for a relative call, the absolute
     * expected return for an absolute one; null for a factor's ranking (a score, no return).
     */
    expectedReturn: doublePrecision('expected_return'),
    /** The relative call's measured 80 % range (holdout residuals added to expectedReturn), fractions; null without. */
    intervalLow: doublePrecision('interval_low'),
    intervalHigh: doublePrecision('interval_high'),
    currentPriceTry: doublePrecision('current_price_try').notNull(),
    predictionValueTry: doublePrecision('prediction_value_try').notNull(),
    algorithmId: text('algorithm_id').notNull(),
    modelName: text('model_name').notNull(),
    modelVersion: integer('model_version'),
    horizonDays: integer('horizon_days').notNull(),
    asOfDate: date('as_of_date', { mode: 'string' }).notNull(),
    targetDate: date('target_date', { mode: 'string' }).notNull(),
    requestedBy: text('requested_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ai_predictions_created_idx').on(t.createdAt)],
);

/** A market analysis (sector or momentum) with its figures, template sentences and its inputs' date. */
export const aiMarketAnalyses = pgTable(
  'ai_market_analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    analysisType: text('analysis_type').notNull(),
    insights: jsonb('insights').$type<string[]>().notNull(),
    recommendations: jsonb('recommendations').$type<string[]>().notNull(),
    /** The analysis' figures (contracts analysisFiguresSchema). */
    figures: jsonb('figures').notNull(),
    inputsDate: date('inputs_date', { mode: 'string' }).notNull(),
    /** The production model whose calls a momentum analysis used ('algorithm@version'), if any. */
    modelVersion: text('model_version'),
    requestedBy: text('requested_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ai_market_analyses_created_idx').on(t.createdAt)],
);

/** A portfolio optimisation: request, headline figures and the full result (frontier, contributions, backtest). */
export const aiPortfolioOptimizations = pgTable(
  'ai_portfolio_optimizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portfolioName: text('portfolio_name').notNull(),
    symbols: jsonb('symbols').$type<string[]>().notNull(),
    method: text('method').notNull(),
    sharpeRatio: doublePrecision('sharpe_ratio').notNull(),
    expectedReturn: doublePrecision('expected_return').notNull(),
    expectedRisk: doublePrecision('expected_risk').notNull(),
    /** Symbol → weight fraction. */
    allocation: jsonb('allocation').$type<Record<string, number>>().notNull(),
    /** The whole response body (contracts aiOptimizationSchema without id and created_at). */
    result: jsonb('result').notNull(),
    windowFrom: date('window_from', { mode: 'string' }).notNull(),
    windowTo: date('window_to', { mode: 'string' }).notNull(),
    modelVersion: text('model_version'),
    requestedBy: text('requested_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ai_portfolio_optimizations_created_idx').on(t.createdAt)],
);
