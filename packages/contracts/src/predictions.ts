import { z } from 'zod';
import {
  accuracySourceSchema,
  algorithmCategorySchema,
  PREDICTION_HORIZONS,
  predictionHorizonSchema,
} from './ml.ts';

/**
 * Customer predictions API (spec §3 'Predictions (daily)', 'ML algorithm (customer)'; §7). Percent fields are 0–100,
 * prices TRY, `expected_return` a fraction. Every accuracy figure is the directional hit rate of ml.ts
 * (ACCURACY_DEFINITION): from the walk-forward backtest or from realised live predictions — never random.
 */

/** Whether the server has real data yet; with 'no_predictions_yet' the web shows the spec's sample, labelled as an example. */
export const predictionsStatusSchema = z.enum(['ok', 'no_predictions_yet']);
export type PredictionsStatus = z.infer<typeof predictionsStatusSchema>;

const horizonQuery = z.coerce
  .number({ error: 'horizon 1 veya 5 olmalı' })
  .pipe(z.literal(PREDICTION_HORIZONS, { error: 'horizon 1 veya 5 olmalı' }))
  .optional();

/** Query of GET /api/predictions/daily-summary. */
export const dailySummaryQuerySchema = z.object({
  /** Top predictions to return (default 20). */
  limit: z.coerce
    .number({ error: 'limit bir tam sayı olmalı' })
    .int('limit bir tam sayı olmalı')
    .min(1, 'limit en az 1 olmalı')
    .max(100, 'limit en fazla 100 olmalı')
    .default(20),
  /** Only predictions of this horizon in trading days (default: both). */
  horizon: horizonQuery,
});
export type DailySummaryQuery = z.infer<typeof dailySummaryQuerySchema>;

export const topPredictionSchema = z.object({
  id: z.string(),
  stock_code: z.string(),
  company_name: z.string(),
  /** Spec §4: up (yükseliş) or down (düşüş). */
  prediction: z.enum(['UP', 'DOWN']),
  /** Percent 0–100 (spec §9 colours: ≥ 80 green 'Güçlü', ≥ 60 yellow, else red). */
  confidence: z.number().min(0).max(100),
  /** The algorithm's display name. */
  algorithm: z.string(),
  algorithm_id: z.string(),
  /** price_at_prediction × (1 + expected_return). */
  target_price: z.number(),
  /** Latest price (live quote; the prediction's price when no quote). */
  current_price: z.number(),
  /** Close the prediction was made from. */
  price_at_prediction: z.number(),
  /** Percent from current_price to target_price. */
  potential_percent: z.number(),
  /** Expected simple return over the horizon, a fraction. */
  expected_return: z.number(),
  horizon_days: predictionHorizonSchema,
  as_of_date: z.string(),
  target_date: z.string(),
  created_at: z.string(),
});
export type TopPrediction = z.infer<typeof topPredictionSchema>;

export const accuracyPointSchema = z.object({
  /** Target date (YYYY-MM-DD) of the evaluated predictions. */
  date: z.string(),
  /** Percent of that day's matured predictions whose direction was right. */
  accuracy: z.number().min(0).max(100),
  evaluated: z.number().int().nonnegative(),
});
export type AccuracyPoint = z.infer<typeof accuracyPointSchema>;

/** GET /api/predictions/daily-summary. */
export const dailySummarySchema = z.object({
  success: z.literal(true),
  data: z.object({
    status: predictionsStatusSchema,
    /** Always false: the server never sends sample data (the web labels its own fallback). */
    is_example: z.literal(false),
    summary: z.object({
      /** Predictions created in the last 24 hours (spec §9). */
      predictions_generated: z.number().int().nonnegative(),
      /** Mean accuracy (percent) of the active algorithms; null before the first training. */
      average_accuracy: z.number().min(0).max(100).nullable(),
      /** Of the latest batch, predictions with confidence ≥ 80 %. */
      high_confidence_predictions: z.number().int().nonnegative(),
      /** Enabled algorithms with a trained model. */
      algorithms_active: z.number().int().nonnegative(),
    }),
    /** Latest batch (as_of_date), highest confidence first. */
    top_predictions: z.array(topPredictionSchema),
    /** Last 7 days with realised evaluations, oldest first (empty until predictions mature). */
    accuracy_history: z.array(accuracyPointSchema),
    /** Close the latest batch was made from; null without predictions. */
    as_of_date: z.string().nullable(),
  }),
});
export type DailySummary = z.infer<typeof dailySummarySchema>['data'];

/** Query of GET /api/ml-algorithms/list. */
export const algorithmListQuerySchema = z.object({
  /** Algorithms to return, best accuracy first (default: all; the customer screen shows 6). */
  limit: z.coerce
    .number({ error: 'limit bir tam sayı olmalı' })
    .int('limit bir tam sayı olmalı')
    .min(1, 'limit en az 1 olmalı')
    .max(100, 'limit en fazla 100 olmalı')
    .optional(),
  /** Horizon whose scores are shown (default 1). */
  horizon: horizonQuery,
});
export type AlgorithmListQuery = z.infer<typeof algorithmListQuerySchema>;

export const customerAlgorithmSchema = z.object({
  algorithm_id: z.string(),
  algorithm_name: z.string(),
  description: z.string(),
  /** Directional hit rate in percent; null until the algorithm has been evaluated. */
  accuracy: z.number().min(0).max(100).nullable(),
  accuracy_source: accuracySourceSchema.nullable(),
  /** Predictions behind `accuracy` (out-of-sample walk-forward or realised live ones). */
  predictions_count: z.number().int().nonnegative(),
  /** Live predictions made in total. */
  live_predictions_count: z.number().int().nonnegative(),
  type: z.string(),
  category: algorithmCategorySchema,
  enabled: z.boolean(),
  /** Spec §9 health from accuracy; null without accuracy. */
  health: z.enum(['healthy', 'warning', 'critical']).nullable(),
  /** 95 % interval of the hit rate, percent. */
  hit_rate_ci: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** Mean per-day cross-sectional Spearman correlation (walk-forward). */
  rank_ic: z.number().nullable(),
  icir: z.number().nullable(),
  /** 1 − MSE / MSE(random walk), walk-forward. */
  skill: z.number().nullable(),
  horizon_days: predictionHorizonSchema,
  evaluated_from: z.string().nullable(),
  evaluated_to: z.string().nullable(),
  /** ISO instant of the latest training; null when never trained. */
  trained_at: z.string().nullable(),
});
export type CustomerAlgorithm = z.infer<typeof customerAlgorithmSchema>;

/** GET /api/ml-algorithms/list (data.algorithms). */
export const algorithmListSchema = z.object({
  success: z.literal(true),
  data: z.object({
    status: predictionsStatusSchema,
    algorithms: z.array(customerAlgorithmSchema),
  }),
});
export type AlgorithmList = z.infer<typeof algorithmListSchema>['data'];

/** ML job kinds and run states (admin screens and the CLI use these). */
export const mlRunKindSchema = z.enum(['train', 'predict', 'evaluate']);
export type MlRunKind = z.infer<typeof mlRunKindSchema>;
export const mlRunStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']);
export type MlRunStatus = z.infer<typeof mlRunStatusSchema>;

export const mlRunSchema = z.object({
  id: z.string(),
  kind: mlRunKindSchema,
  status: mlRunStatusSchema,
  /** 0..1. */
  progress: z.number().min(0).max(1),
  message: z.string().nullable(),
  error: z.string().nullable(),
  requested_by: z.string(),
  algorithm_ids: z.array(z.string()).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** The run's log, oldest first: its stages ('ridge h=1 (3/80)'), its outcome or error (at most ML_RUN_LOG_MAX). */
  log: z.array(z.object({ at: z.string(), line: z.string() })),
  /** Wall time from start to finish (or until now while it runs), ms; null before it starts. */
  duration_ms: z.number().nullable(),
});
export type MlRun = z.infer<typeof mlRunSchema>;

/** Log lines kept per run (the oldest go first). */
export const ML_RUN_LOG_MAX = 200;
