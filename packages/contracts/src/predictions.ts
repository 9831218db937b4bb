import { z } from 'zod';
import { PREDICTION_CALLS } from './prediction-call.values.ts';
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
  /**
   * The sign of the model's raw forecast (UP: > 0). Not what the screens show: a model trained on the relative target
   * forecasts the stock against the day's cross-section, so its call is `call` (decision 0053).
   */
  prediction: z.enum(['UP', 'DOWN']),
  /** THE call shown everywhere, decided by predictionCallOf: relative ('outperform' / 'underperform') unless absolute. */
  call: z.enum(PREDICTION_CALLS),
  /** 'model' when a model made the call; 'factor' when the production call is a simple factor's ranking. */
  call_source: z.enum(['model', 'factor']),
  /** The expected return minus the median of the same batch (every stock, same model and day), a fraction. */
  relative_return: z.number().nullable(),
  /**
   * Where 80 % of the realised relative returns fell around the predicted one on the model's holdout window (10th–90th
   * percentile of realised − predicted, added to relative_return), fractions; null without a measured window.
   */
  relative_interval: z.object({ low: z.number(), high: z.number() }).nullable(),
  /**
   * Calibrated probability of the call's side, percent 0–100: for a relative call, of ending on that side of the day's
   * median. Null for a factor's ranking (no calibrated probability).
   */
  confidence: z.number().min(0).max(100).nullable(),
  /**
   * The measured level of that confidence: its reliability bin and the share of the bin's calls that came true, from
   * the cross-fitted reliability table; null when not measured (then no level is shown).
   */
  measured_level: z
    .object({
      low_percent: z.number(),
      high_percent: z.number(),
      realised_percent: z.number(),
      se_points: z.number().nullable(),
      count: z.number().int(),
    })
    .nullable(),
  /** The algorithm's Turkish name (the production model of its horizon). */
  algorithm: z.string(),
  /** Its registry (English) name, shown in a tooltip. */
  algorithm_name_en: z.string(),
  algorithm_id: z.string(),
  /** price_at_prediction × (1 + expected_return): only for an absolute call (null for a relative one). */
  target_price: z.number().nullable(),
  /** Latest price (live quote; the prediction's price when no quote). */
  current_price: z.number(),
  /** Close the prediction was made from. */
  price_at_prediction: z.number(),
  /** Percent from current_price to target_price (null with target_price). */
  potential_percent: z.number().nullable(),
  /** The model's expected simple return over the horizon, a fraction (null for a factor's ranking). */
  expected_return: z.number().nullable(),
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
  /** 'piyasa yönü' on the same rows: the better of always-up and always-down, percent. */
  baseline: z.number().min(0).max(100).nullable(),
});
export type AccuracyPoint = z.infer<typeof accuracyPointSchema>;

/**
 * An accuracy figure as investors see it: the hit rate beside the market direction ('piyasa yönü', the better of
 * always-up and always-down on the same rows) and the edge over it, with the day-clustered 95 % intervals.
 */
export const accuracyWithBaselineSchema = z.object({
  /** Directional hit rate, percent. */
  accuracy: z.number().min(0).max(100),
  /** 'piyasa yönü', percent; null when unknown. */
  baseline: z.number().min(0).max(100).nullable(),
  /** Which constant call the baseline is. */
  baseline_side: z.enum(['up', 'down']).nullable(),
  /** accuracy − baseline, percentage points. */
  edge_points: z.number().nullable(),
  /** Day-clustered 95 % interval of the edge, points (walk-forward and realised alike); null without a baseline. */
  edge_ci: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** Day-clustered 95 % interval of the hit rate, percent. */
  accuracy_ci: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** True when the edge's interval contains zero ('piyasa yönünden ayırt edilemiyor'); null without an interval. */
  indistinguishable: z.boolean().nullable(),
  source: accuracySourceSchema,
  /** Scored predictions behind the figure. */
  count: z.number().int().nonnegative(),
});
export type AccuracyWithBaseline = z.infer<typeof accuracyWithBaselineSchema>;

/**
 * A production model's figures on one window of its walk-forward: 'holdout' (the later half, which it was not
 * selected on: shown first) or 'selection' (the earlier half, which chose it). Percent fields 0–100.
 */
export const productionWindowSchema = z.object({
  role: z.enum(['selection', 'holdout', 'whole']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  days: z.number().int().nonnegative(),
  rank_ic: z.number().nullable(),
  /** The simple factor it is compared with (chosen on the selection window) and that factor's Rank IC. */
  factor_id: z.string().nullable(),
  factor_rank_ic: z.number().nullable(),
  /** Mean daily Rank IC minus the factor's, and its day-clustered (Newey–West) t. */
  rank_ic_edge: z.number().nullable(),
  rank_ic_edge_t: z.number().nullable(),
  /** Share of calls on the right side of the day's median, percent (50 is a coin). */
  relative_hit_rate: z.number().nullable(),
  relative_scored: z.number().int().nonnegative(),
  /** Absolute direction: hit rate and always-up / always-down, percent (shown only beside an absolute call). */
  hit_rate: z.number().nullable(),
  always_up: z.number().nullable(),
  always_down: z.number().nullable(),
});
export type ProductionWindow = z.infer<typeof productionWindowSchema>;

/**
 * The declared production call of a horizon: a model that beat the best simple factor on its selection window with a
 * Newey–West t ≥ significance_bar, or — when none did — that factor's ranking itself (kind 'factor', decision 0054).
 */
export const productionModelSchema = z.object({
  horizon_days: predictionHorizonSchema,
  kind: z.enum(['model', 'factor']),
  /** How its calls are worded: relative to the day's cross-section, or absolute (decision 0053). */
  call_mode: z.enum(['relative', 'absolute']),
  /** The t bar of the production rule. */
  significance_bar: z.number(),
  /** For kind 'factor': the factor's id (FACTOR_NAMES); null for a model. */
  factor_id: z.string().nullable(),
  /** The holdout window first, then the selection window (or the whole window of a record stored before the split). */
  windows: z.array(productionWindowSchema),
  /** The algorithm's id, or for a factor `factor:<id>`. */
  algorithm_id: z.string(),
  /** Turkish name; the English one in `algorithm_name_en`. */
  algorithm_name: z.string(),
  algorithm_name_en: z.string(),
  /** Edge-adjusted Rank IC: mean daily Rank IC minus the best simple factor's on the same rows. */
  rank_ic_edge: z.number().nullable(),
  accuracy: accuracyWithBaselineSchema.nullable(),
});
export type ProductionModel = z.infer<typeof productionModelSchema>;

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
      /** Mean 'piyasa yönü' of the same algorithms on their rows, percent; null without it. */
      average_baseline: z.number().min(0).max(100).nullable(),
      /**
       * Of the latest batch shown, calls whose measured level (reliability bin) came true more often than 50 % with
       * its 95 % interval above 50 % — a measured rate, not a confidence threshold.
       */
      high_confidence_predictions: z.number().int().nonnegative(),
      /** Enabled algorithms with a trained model. */
      algorithms_active: z.number().int().nonnegative(),
    }),
    /** The production model of each horizon (empty before the first evaluation). */
    production_models: z.array(productionModelSchema),
    /**
     * Latest batch (as_of_date) of the production models only, stocks under the liquidity floor left out, highest
     * confidence first.
     */
    top_predictions: z.array(topPredictionSchema),
    /** The liquidity rule applied to top_predictions, as shown to investors. */
    liquidity_rule: z.string(),
    /**
     * Last 7 target dates, oldest first: realised live evaluations once there are 7 such days; until then the
     * production model's out-of-sample walk-forward predictions ('walk_forward'); empty before the first training.
     */
    accuracy_history: z.array(accuracyPointSchema),
    accuracy_history_source: accuracySourceSchema.nullable(),
    /** Close the latest batch was made from; null without predictions. */
    as_of_date: z.string().nullable(),
  }),
});
export type DailySummary = z.infer<typeof dailySummarySchema>['data'];

/** Algorithms on a page of GET /api/ml-algorithms/list when the query names no limit. */
export const ALGORITHM_LIST_DEFAULT_LIMIT = 50;

/** Query of GET /api/ml-algorithms/list. */
export const algorithmListQuerySchema = z.object({
  /**
   * Algorithms per page, ordered by edge-adjusted Rank IC (the production model's criterion); default
   * ALGORITHM_LIST_DEFAULT_LIMIT (the registry's 40 fit on one page), the customer screen shows 6.
   */
  limit: z.coerce
    .number({ error: 'limit bir tam sayı olmalı' })
    .int('limit bir tam sayı olmalı')
    .min(1, 'limit en az 1 olmalı')
    .max(100, 'limit en fazla 100 olmalı')
    .default(ALGORITHM_LIST_DEFAULT_LIMIT),
  /** Page of that order (default 1): the list grows with the registry, so it is paged like the stock list. */
  page: z.coerce
    .number({ error: 'page bir tam sayı olmalı' })
    .int('page bir tam sayı olmalı')
    .min(1, 'page en az 1 olmalı')
    .max(10_000, 'page en fazla 10000 olmalı')
    .default(1),
  /** Horizon whose scores are shown (default 1). */
  horizon: horizonQuery,
});
export type AlgorithmListQuery = z.infer<typeof algorithmListQuerySchema>;

export const customerAlgorithmSchema = z.object({
  algorithm_id: z.string(),
  /** Turkish name (the English one in `algorithm_name_en`, shown in a tooltip). */
  algorithm_name: z.string(),
  algorithm_name_en: z.string(),
  description: z.string(),
  /** The production model of this horizon. */
  is_production: z.boolean(),
  /** Hit rate beside its baseline and edge; null until evaluated. */
  accuracy_detail: accuracyWithBaselineSchema.nullable(),
  /** Edge-adjusted Rank IC (walk-forward): the order of the list. */
  rank_ic_edge: z.number().nullable(),
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
  /** Day-clustered 95 % interval of the hit rate, percent (null for realised accuracy). */
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
    /** Algorithms in the whole list, and the page shown. */
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
});
export type AlgorithmList = z.infer<typeof algorithmListSchema>['data'];

/** GET /api/predictions/stocks/:symbol — the production models' latest predictions for one stock. */
export const stockPredictionsSchema = z.object({
  success: z.literal(true),
  data: z.object({
    status: predictionsStatusSchema,
    symbol: z.string(),
    /** One per horizon whose production model predicted this stock in its latest batch. */
    predictions: z.array(
      z.object({
        prediction: topPredictionSchema,
        model: productionModelSchema,
        /** Whether the stock passes the liquidity floor (it is left out of 'En İyi Tahminler' otherwise). */
        passes_liquidity_floor: z.boolean(),
      }),
    ),
    liquidity_rule: z.string(),
  }),
});
export type StockPredictions = z.infer<typeof stockPredictionsSchema>['data'];

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
