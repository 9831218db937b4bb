import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** A live prediction made after a close: one per algorithm, stock, horizon and as-of date. */
export const predictions = pgTable(
  'predictions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    algorithmId: text('algorithm_id').notNull(),
    symbol: text('symbol').notNull(),
    horizonDays: integer('horizon_days').notNull(),
    /** The close the prediction was made from. */
    asOfDate: date('as_of_date', { mode: 'string' }).notNull(),
    /** asOfDate + horizon trading days: the close that scores it. */
    targetDate: date('target_date', { mode: 'string' }).notNull(),
    currentPriceTry: doublePrecision('current_price_try').notNull(),
    /** Expected simple return over the horizon, a fraction. */
    expectedReturn: doublePrecision('expected_return').notNull(),
    direction: text('direction').notNull(),
    /** 0..1, by @bist/ml's confidence rule. */
    confidence: doublePrecision('confidence').notNull(),
    /** currentPriceTry × (1 + expectedReturn). */
    targetPriceTry: doublePrecision('target_price_try').notNull(),
    /** 'real' or 'simulated': the prices the prediction was made from (null: made before it was recorded). */
    dataSource: text('data_source'),
    runId: uuid('run_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('predictions_unique_idx').on(t.algorithmId, t.symbol, t.horizonDays, t.asOfDate),
    index('predictions_created_idx').on(t.createdAt),
    index('predictions_target_idx').on(t.targetDate),
  ],
);

/** The realised outcome of a prediction whose horizon has passed. */
export const predictionEvaluations = pgTable(
  'prediction_evaluations',
  {
    predictionId: uuid('prediction_id')
      .primaryKey()
      .references(() => predictions.id, { onDelete: 'cascade' }),
    realisedPriceTry: doublePrecision('realised_price_try').notNull(),
    /** Simple return from the prediction's price to the target date's close, a fraction. */
    realisedReturn: doublePrecision('realised_return').notNull(),
    /**
     * By @bist/contracts' directionalHit: true when the realised direction matched the call, false when it did not,
     * null when the close equalled the prediction's price (a zero return is neither hit nor miss).
     */
    hit: boolean('hit'),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('prediction_evaluations_at_idx').on(t.evaluatedAt)],
);

/**
 * The simple factors' scores after a close (@bist/ml latestFactorScores): the ranking served as the production call
 * of a horizon where no model beats the best factor with confidence (decision 0054). One per factor, stock and date.
 */
export const factorScores = pgTable(
  'factor_scores',
  {
    factorId: text('factor_id').notNull(),
    symbol: text('symbol').notNull(),
    asOfDate: date('as_of_date', { mode: 'string' }).notNull(),
    /** sign × the raw feature (higher ranks higher). */
    score: doublePrecision('score').notNull(),
    currentPriceTry: doublePrecision('current_price_try').notNull(),
    runId: uuid('run_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('factor_scores_unique_idx').on(t.factorId, t.symbol, t.asOfDate)],
);
