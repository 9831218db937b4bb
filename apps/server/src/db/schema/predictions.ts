import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** The registry's algorithms (@bist/ml) with the admin's enabled flag; synced from the registry at start. */
export const mlAlgorithms = pgTable('ml_algorithms', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull(),
  scope: text('scope').notNull(),
  output: text('output').notNull(),
  /** Display order (the registry's). */
  position: integer('position').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Set by an emergency stop (cleared when staff enable it again): who stopped it, when and why. */
  stoppedBy: text('stopped_by'),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  stopReason: text('stop_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A train / predict / evaluate run: what the admin sees and cancels. The pg-boss job carries its id. */
export const mlRuns = pgTable(
  'ml_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** queued → running → succeeded | failed | cancelled. */
    status: text('status').notNull(),
    /** 0..1. */
    progress: real('progress').notNull().default(0),
    message: text('message'),
    error: text('error'),
    /** 'schedule', 'first_start', 'cli', or an admin user id. */
    requestedBy: text('requested_by').notNull(),
    /** Algorithms the run covers (null = every enabled one). */
    algorithmIds: jsonb('algorithm_ids').$type<string[] | null>(),
    jobId: text('job_id'),
    /** 'real' or 'simulated': the daily history the run read (null: before runs recorded it, or not started). */
    dataSource: text('data_source'),
    /** Stages, outcome and error as they happened (newest last, bounded). */
    log: jsonb('log').$type<{ at: string; line: string }[]>().notNull().default([]),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('ml_runs_created_idx').on(t.createdAt)],
);

/**
 * A trained model version: the registry algorithm's JSON state (TrainedModel) fitted on every target realised by the
 * cutoff. Versions count up per algorithm × horizon; exactly one of them is the champion that predict runs serve.
 */
export const mlModels = pgTable(
  'ml_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    algorithmId: text('algorithm_id').notNull(),
    horizonDays: integer('horizon_days').notNull(),
    /** 1, 2, ... per algorithm × horizon. */
    version: integer('version').notNull().default(1),
    /** The served version of its algorithm × horizon. */
    champion: boolean('champion').notNull().default(false),
    /** First and last bar date of the panel the version was trained on. */
    trainFrom: date('train_from', { mode: 'string' }),
    cutoffDate: date('cutoff_date', { mode: 'string' }).notNull(),
    /** SHA-256 of the bars the run loaded (symbols, dates, OHLCV). */
    dataFingerprint: text('data_fingerprint'),
    /** 'real' or 'simulated': the daily history the version learned from (null: trained before it was recorded). */
    dataSource: text('data_source'),
    /** Server package version and git commit (when known) of the code that trained it. */
    codeVersion: text('code_version'),
    /** JSON.stringify(TrainedModel); restored with algorithm.deserialize(JSON.parse(...)). */
    stateJson: text('state_json').notNull(),
    /** Fit timings and the training-row count. */
    metrics: jsonb('metrics').$type<Record<string, number | string | null>>().notNull(),
    runId: uuid('run_id'),
    createdAt: createdAt(),
  },
  (t) => [index('ml_models_algorithm_idx').on(t.algorithmId, t.horizonDays, t.createdAt)],
);

/** Walk-forward (out-of-sample) scores of an algorithm at a horizon, one row per training run. */
export const mlEvaluations = pgTable(
  'ml_evaluations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    algorithmId: text('algorithm_id').notNull(),
    horizonDays: integer('horizon_days').notNull(),
    source: text('source').notNull(),
    accuracyPercent: doublePrecision('accuracy_percent'),
    accuracyCiLowPercent: doublePrecision('accuracy_ci_low_percent').notNull(),
    accuracyCiHighPercent: doublePrecision('accuracy_ci_high_percent').notNull(),
    mae: doublePrecision('mae'),
    rmse: doublePrecision('rmse'),
    skillVsRandomWalk: doublePrecision('skill_vs_random_walk'),
    r2: doublePrecision('r2'),
    icMean: doublePrecision('ic_mean'),
    icIcir: doublePrecision('ic_icir'),
    rankIcMean: doublePrecision('rank_ic_mean'),
    rankIcIcir: doublePrecision('rank_ic_icir'),
    predictionsCount: integer('predictions_count').notNull(),
    evaluatedFrom: date('evaluated_from', { mode: 'string' }),
    evaluatedTo: date('evaluated_to', { mode: 'string' }),
    /** The full @bist/contracts algorithmEvaluationSchema record (clustered CI, IC sd and days, ...). */
    record: jsonb('record').notNull(),
    /** 'real' or 'simulated': the prices the walk-forward was measured on (null: before it was recorded). */
    dataSource: text('data_source'),
    runId: uuid('run_id'),
    createdAt: createdAt(),
  },
  (t) => [index('ml_evaluations_algorithm_idx').on(t.algorithmId, t.horizonDays, t.createdAt)],
);

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
