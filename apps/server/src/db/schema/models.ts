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
