import { z } from 'zod';
import {
  AI_OPTIMIZATION_BASKETS,
  AI_OPTIMIZATION_MAX_WEIGHT_CAP,
  AI_OPTIMIZATION_MIN_WEIGHT_CAP,
  AI_OPTIMIZATION_NAME,
} from './ai-analytics.values.ts';
import { PREDICTION_CALLS } from './prediction-call.values.ts';
import { productionWindowSchema } from './predictions.ts';
import { dataEnvelope } from './envelope.ts';
import {
  AI_ANALYSIS_WINDOW_HOURS,
  AI_PREDICTIONS_WINDOW_DAYS,
  AI_STOCKS_LIMIT,
  OPTIMIZATION_RISK_TOLERANCE,
  OPTIMIZATION_TARGET_RETURN,
} from './constants.ts';

/**
 * AI-Powered Analytics (/admin/ai, spec §2, §3, §7 'AI analytics', §9). Staff realm, English. Fractions stay
 * fractions (confidence, returns, risk, weights); percent fields say so in their names. Every figure is computed from
 * stored bars, the market engine's quotes or the production model's stored predictions; nothing is invented.
 */

/** Per-stock cap of an optimised portfolio (issue #14: default 30 %). */
export const AI_OPTIMIZATION_MAX_WEIGHT = 0.3;
/** Trading days of daily log returns an optimisation uses by default (one year). */
export const AI_OPTIMIZATION_LOOKBACK_DAYS = 252;
/** Most symbols one request may name. */
export const AI_MAX_SYMBOLS = 30;

/** 'THYAO' or 'thyao.IS' → 'THYAO' (the spec's client sends Yahoo-style '.IS' symbols). */
export function normaliseBistSymbol(raw: string): string {
  return raw.trim().toUpperCase().replace(/\.IS$/, '');
}

const symbolSchema = z
  .string({ error: 'symbols must be a list of stock symbols' })
  .trim()
  .regex(/^[A-Za-z0-9]{2,10}(\.[Ii][Ss])?$/, 'symbols must be stock symbols such as "THYAO" or "THYAO.IS"')
  .transform(normaliseBistSymbol);

const symbolsSchema = z
  .array(symbolSchema, { error: 'symbols must be a list of stock symbols' })
  .min(1, 'symbols must name at least one stock')
  .max(AI_MAX_SYMBOLS, `symbols may name at most ${AI_MAX_SYMBOLS} stocks`)
  .transform((list) => [...new Set(list)]);

// ---------------------------------------------------------------------------------------------------------------
// Predictions
// ---------------------------------------------------------------------------------------------------------------

export const aiPredictionHorizonSchema = z.enum(['1d', '5d'], { error: "horizon must be '1d' or '5d'" });

export const aiGeneratePredictionsBodySchema = z.object({
  symbols: symbolsSchema,
  type: z.literal('price', { error: "type must be 'price'" }).default('price'),
  horizon: aiPredictionHorizonSchema.default('1d'),
});
export type AiGeneratePredictionsBody = z.input<typeof aiGeneratePredictionsBodySchema>;

export const aiPredictionsQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(365, 'days must be at most 365')
    .default(AI_PREDICTIONS_WINDOW_DAYS),
});

export const aiPredictionSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  /**
   * The call, decided by predictionCallOf exactly as on the investor pages (decision 0053): 'outperform' /
   * 'underperform' the day's cross-section for a relative model, 'up' / 'down' only for an absolute one; null for a
   * prediction stored before calls were named.
   */
  call: z.enum(PREDICTION_CALLS).nullable(),
  /**
   * The expected change the call is worded in, percent: relative to the batch's median for a relative call, the
   * absolute change for an absolute one; null for a factor's ranking (a score, not a return) and as the investor sees.
   */
  predicted_change_percent: z.number().nullable(),
  /**
   * Where 80 % of the realised relative returns fell around predicted_change_percent on the model's holdout window,
   * percent (the investor's relative_interval); null for an absolute call or without a measured window.
   */
  predicted_change_interval: z.object({ low: z.number(), high: z.number() }).nullable(),
  /**
   * Calibrated probability of the call's side, a fraction: the investor's confidence. Null where the investor sees
   * none (a relative call without a calibration, a factor's ranking) — never a placeholder ½.
   */
  confidence_score: z.number().nullable(),
  /**
   * Calibrated probability of ending above the day's median (relative) or of closing up (absolute), a fraction; null
   * with confidence_score.
   */
  probability_up: z.number().nullable(),
  /** Price the prediction was made from, TRY. */
  current_price: z.number(),
  /** current_price × (1 + expected return), TRY: only for an absolute call (null for a relative one). */
  prediction_value: z.number().nullable(),
  model_name: z.string(),
  algorithm_id: z.string(),
  model_version: z.number().int().nullable(),
  horizon_days: z.number().int(),
  as_of_date: z.string(),
  target_date: z.string(),
  /** Scored against the realised close of target_date once it exists (null until then). */
  realised_change_percent: z.number().nullable(),
  hit: z.boolean().nullable(),
  created_at: z.string(),
});
export type AiPrediction = z.infer<typeof aiPredictionSchema>;

export const aiProductionModelSchema = z.object({
  algorithm_id: z.string(),
  model_name: z.string(),
  model_version: z.number().int().nullable(),
  horizon_days: z.number().int(),
  /** How its calls are worded (relative unless the model forecasts absolute returns and beat always-up/down). */
  call_mode: z.enum(['relative', 'absolute']),
  /** The holdout window first (not selected on), then the selection window. */
  windows: z.array(productionWindowSchema),
  /** Walk-forward absolute directional hit rate and its always-up/always-down baseline, percent (absolute calls). */
  accuracy_percent: z.number().nullable(),
  baseline_percent: z.number().nullable(),
  accuracy_source: z.enum(['walk_forward', 'realised']).nullable(),
  basis: z.string(),
});
export type AiProductionModel = z.infer<typeof aiProductionModelSchema>;

export const aiGeneratePredictionsResponseSchema = z.object({
  success: z.literal(true),
  predictions: z.array(aiPredictionSchema),
  /** Requested symbols the production model's latest batch has no prediction for. */
  missing_symbols: z.array(z.string()),
  model: aiProductionModelSchema,
});
export type AiGeneratePredictionsResponse = z.infer<typeof aiGeneratePredictionsResponseSchema>;

export const aiPredictionListResponseSchema = dataEnvelope(z.array(aiPredictionSchema));

// ---------------------------------------------------------------------------------------------------------------
// Market analyses
// ---------------------------------------------------------------------------------------------------------------

export const AI_ANALYSIS_TYPES = ['sector', 'momentum'] as const;
export type AiAnalysisType = (typeof AI_ANALYSIS_TYPES)[number];

export const aiMarketAnalysisBodySchema = z.object({
  type: z.enum(AI_ANALYSIS_TYPES, { error: "type must be 'sector' or 'momentum'" }),
});

export const aiMarketAnalysisQuerySchema = z.object({
  hours: z.coerce
    .number({ error: 'hours must be a number' })
    .int('hours must be a whole number')
    .min(1, 'hours must be at least 1')
    .max(24 * 90, 'hours must be at most 2160')
    .default(AI_ANALYSIS_WINDOW_HOURS),
});

const nullableNumber = z.number().nullable();

export const sectorFiguresSchema = z.object({
  sector: z.string(),
  stocks: z.number().int(),
  /** Simple returns over 1, 5 and 20 trading days, fractions: equal-weighted and capitalisation-weighted. */
  return_1d_equal: nullableNumber,
  return_1d_cap: nullableNumber,
  return_5d_equal: nullableNumber,
  return_5d_cap: nullableNumber,
  return_20d_equal: nullableNumber,
  return_20d_cap: nullableNumber,
  advancers: z.number().int(),
  decliners: z.number().int(),
  unchanged: z.number().int(),
  /** Share of the sector's stocks (with 50 closes) closing above their 50-day simple moving average, fraction. */
  above_sma50_share: nullableNumber,
  /** 20-day cap-weighted return minus XU100's, fraction. */
  relative_strength_20d: nullableNumber,
});
export type SectorFigures = z.infer<typeof sectorFiguresSchema>;

export const sectorAnalysisFiguresSchema = z.object({
  kind: z.literal('sector'),
  as_of_date: z.string(),
  benchmark: z.object({
    code: z.string(),
    return_1d: nullableNumber,
    return_5d: nullableNumber,
    return_20d: nullableNumber,
  }),
  market: z.object({
    advancers: z.number().int(),
    decliners: z.number().int(),
    unchanged: z.number().int(),
    above_sma50_share: nullableNumber,
  }),
  sectors: z.array(sectorFiguresSchema),
  leaders: z.array(z.string()),
  laggards: z.array(z.string()),
});
export type SectorAnalysisFigures = z.infer<typeof sectorAnalysisFiguresSchema>;

const decileSchema = z.object({ decile: z.number().int(), count: z.number().int(), mean_return: z.number() });
const symbolValueSchema = z.object({ symbol: z.string(), value: z.number() });

export const momentumAnalysisFiguresSchema = z.object({
  kind: z.literal('momentum'),
  as_of_date: z.string(),
  /** 12-1 momentum: return from 252 to 21 trading days ago; deciles 1 (lowest) … 10 (highest). */
  momentum_12_1: z.object({
    eligible: z.number().int(),
    deciles: z.array(decileSchema),
    top: z.array(symbolValueSchema),
    bottom: z.array(symbolValueSchema),
  }),
  momentum_20d: z.object({
    eligible: z.number().int(),
    deciles: z.array(decileSchema),
    top: z.array(symbolValueSchema),
    bottom: z.array(symbolValueSchema),
  }),
  /** Closes at a 252-day closing high or low (stocks with 252 closes). */
  new_highs: z.array(z.string()),
  new_lows: z.array(z.string()),
  highs_lows_eligible: z.number().int(),
  /** Volume on the day ≥ VOLUME_SURGE_RATIO × the previous 20 days' average; value is the ratio. */
  volume_surges: z.array(symbolValueSchema),
  volume_surge_ratio: z.number(),
  /** The production model's strongest calls of its latest batch (probability of closing up, fraction). */
  model_calls: z.object({
    model_name: z.string().nullable(),
    as_of_date: z.string().nullable(),
    /**
     * What the calls' 'up' is: 'relative' — above the day's median (outperform), 'absolute' — closing up; null in an
     * analysis stored before calls were named. Calls without a calibrated probability are not ranked.
     */
    call_mode: z.enum(['relative', 'absolute']).nullable().default(null),
    strongest_up: z.array(symbolValueSchema),
    strongest_down: z.array(symbolValueSchema),
  }),
});
export type MomentumAnalysisFigures = z.infer<typeof momentumAnalysisFiguresSchema>;

export const analysisFiguresSchema = z.discriminatedUnion('kind', [
  sectorAnalysisFiguresSchema,
  momentumAnalysisFiguresSchema,
]);
export type AnalysisFigures = z.infer<typeof analysisFiguresSchema>;

export const aiMarketAnalysisSchema = z.object({
  analysis_id: z.string(),
  analysis_type: z.enum(AI_ANALYSIS_TYPES),
  /** Template sentences, each naming the figure behind it. */
  insights: z.array(z.string()),
  recommendations: z.array(z.string()),
  /** Date of the newest stored bars the analysis used. */
  inputs_date: z.string(),
  figures: analysisFiguresSchema,
  created_at: z.string(),
});
export type AiMarketAnalysis = z.infer<typeof aiMarketAnalysisSchema>;

export const aiMarketAnalysisResponseSchema = z.object({
  success: z.literal(true),
  analysis: aiMarketAnalysisSchema,
});
export const aiMarketAnalysisListResponseSchema = dataEnvelope(z.array(aiMarketAnalysisSchema));

// ---------------------------------------------------------------------------------------------------------------
// Portfolio optimisation
// ---------------------------------------------------------------------------------------------------------------

export const AI_RISK_TOLERANCES = ['low', 'medium', 'high'] as const;
export type AiRiskTolerance = (typeof AI_RISK_TOLERANCES)[number];
export const AI_OPTIMIZATION_METHODS = ['max_sharpe', 'efficient_return', 'min_volatility'] as const;

export const aiOptimizeBodySchema = z
  .object({
    name: z
      .string({ error: 'name must be text' })
      .trim()
      .min(1, 'name is required')
      .max(100, 'name must be at most 100 characters')
      .default(AI_OPTIMIZATION_NAME),
    target_return: z
      .number({ error: 'target_return must be a number (annual fraction, e.g. 0.15)' })
      .min(-0.5, 'target_return must be at least -0.5')
      .max(5, 'target_return must be at most 5 (a fraction, 0.15 = 15 %)')
      .default(OPTIMIZATION_TARGET_RETURN),
    risk_tolerance: z
      .enum(AI_RISK_TOLERANCES, { error: "risk_tolerance must be 'low', 'medium' or 'high'" })
      .default(OPTIMIZATION_RISK_TOLERANCE),
    /** The stocks; or `basket`, an index whose members are the stocks. */
    symbols: symbolsSchema
      .refine((list) => list.length >= 2, 'symbols must name at least 2 different stocks')
      .optional(),
    basket: z
      .enum(AI_OPTIMIZATION_BASKETS, { error: `basket must be one of ${AI_OPTIMIZATION_BASKETS.join(', ')}` })
      .optional(),
    method: z
      .enum(AI_OPTIMIZATION_METHODS, {
        error: "method must be 'max_sharpe', 'efficient_return' or 'min_volatility'",
      })
      .optional(),
    /** Per-stock cap, a fraction (default 30 %). */
    max_weight: z
      .number({ error: 'max_weight must be a number (fraction, e.g. 0.25)' })
      .min(AI_OPTIMIZATION_MIN_WEIGHT_CAP, `max_weight must be at least ${AI_OPTIMIZATION_MIN_WEIGHT_CAP}`)
      .max(AI_OPTIMIZATION_MAX_WEIGHT_CAP, `max_weight must be at most ${AI_OPTIMIZATION_MAX_WEIGHT_CAP}`)
      .default(AI_OPTIMIZATION_MAX_WEIGHT),
    /** Blend the production model's predictions into the expected returns (Black–Litterman). */
    use_model_views: z.boolean({ error: 'use_model_views must be true or false' }).default(true),
  })
  .refine((b) => (b.symbols === undefined) !== (b.basket === undefined), {
    message: 'send either symbols (at least 2 stocks) or basket (an index), not both',
    path: ['symbols'],
  });
export type AiOptimizeBody = z.input<typeof aiOptimizeBodySchema>;

const curvePointSchema = z.object({ date: z.string(), value: z.number() });
const backtestStatsSchema = z.object({
  name: z.string(),
  total_return: z.number(),
  annual_return: z.number(),
  annual_volatility: z.number(),
  sharpe_ratio: z.number().nullable(),
  max_drawdown: z.number(),
});

export const aiOptimizationSchema = z.object({
  optimization_id: z.string(),
  portfolio_name: z.string(),
  /** Annualised, fractions (daily log returns × 252; risk √252). */
  sharpe_ratio: z.number(),
  expected_return: z.number(),
  expected_risk: z.number(),
  /** Spec §3: JSON text mapping symbol to weight fraction. */
  recommended_allocation: z.string(),
  method: z.string(),
  target_return: z.number(),
  risk_tolerance: z.enum(AI_RISK_TOLERANCES),
  volatility_ceiling: z.number(),
  /**
   * Set when even the least volatile capped portfolio is above the risk tolerance's ceiling: the answer is then that
   * minimum-volatility portfolio, and this says so with both figures.
   */
  ceiling_note: z.string().nullable(),
  max_weight: z.number(),
  risk_free_rate: z.number(),
  window_from: z.string(),
  window_to: z.string(),
  window_days: z.number().int(),
  shrinkage: z.number().nullable(),
  frontier: z.array(z.object({ risk: z.number(), return: z.number() })),
  risk_contributions: z.array(z.object({ symbol: z.string(), contribution: z.number() })),
  /** How the expected returns were formed: historical means, or a Black–Litterman posterior with model views. */
  expected_returns_source: z.string(),
  model_name: z.string().nullable(),
  model_version: z.number().int().nullable(),
  views: z.array(z.object({ symbol: z.string(), expected_return: z.number(), confidence: z.number() })),
  backtest: z
    .object({
      description: z.string(),
      curves: z.array(z.object({ name: z.string(), points: z.array(curvePointSchema) })),
      stats: z.array(backtestStatsSchema),
    })
    .nullable(),
  /** Why there is no backtest (e.g. not enough history before the last year), when there is none. */
  backtest_unavailable_reason: z.string().nullable(),
  /** What was asked (the form's inputs); absent on runs stored before inputs were kept. */
  inputs: z
    .object({
      symbols: z.array(z.string()),
      basket: z.string().nullable(),
      method: z.string(),
      target_return: z.number(),
      risk_tolerance: z.enum(AI_RISK_TOLERANCES),
      max_weight: z.number(),
      use_model_views: z.boolean(),
    })
    .optional(),
  created_at: z.string(),
});
export type AiOptimization = z.infer<typeof aiOptimizationSchema>;

export const aiOptimizeResponseSchema = aiOptimizationSchema.extend({
  success: z.literal(true),
  /** True when identical inputs on the same data were answered within AI_OPTIMIZATION_REUSE_SECONDS: the stored run. */
  reused: z.boolean(),
});
export const aiOptimizationListResponseSchema = dataEnvelope(z.array(aiOptimizationSchema));

// ---------------------------------------------------------------------------------------------------------------
// Stocks and the summary
// ---------------------------------------------------------------------------------------------------------------

export const AI_STOCK_SORTS = ['change_percent', 'volume', 'market_cap', 'price', 'symbol'] as const;

export const aiStocksQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(600, 'limit must be at most 600')
    .default(AI_STOCKS_LIMIT),
  sort: z
    .enum(AI_STOCK_SORTS, { error: `sort must be one of ${AI_STOCK_SORTS.join(', ')}` })
    .default('change_percent'),
});

export const aiStockSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  sector: z.string(),
  price: z.number(),
  /** Percent, e.g. 1.25 for +1.25 %. */
  change_percent: z.number(),
  volume: z.number(),
  /** Millions of TRY (shares outstanding × price); null when the feed gives no share count. */
  market_cap: z.number().nullable(),
  date: z.string(),
  updated_at: z.string(),
});
export type AiStock = z.infer<typeof aiStockSchema>;

export const aiStockListResponseSchema = dataEnvelope(z.array(aiStockSchema));

export const aiStocksUpdateResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** Stocks whose quote (price, change or volume) differs after the refresh. */
    stocks_changed: z.number().int(),
    total_stocks: z.number().int(),
    source: z.string(),
    /** Seconds since the newest quote after the refresh (null without quotes). */
    data_age_seconds: z.number().nullable(),
    as_of: z.string().nullable(),
  }),
});

export const aiDashboardSchema = z.object({
  predictions: z.object({
    /** Predictions generated on this page (stored ai_predictions). */
    total_predictions: z.number().int(),
    avg_confidence: z.number().nullable(),
    /** The production model's latest stored batch (1-day horizon): what exists before anything is generated here. */
    production_predictions: z.number().int(),
    production_as_of: z.string().nullable(),
  }),
  analysis: z.object({ total_analyses: z.number().int(), recent_analyses: z.number().int() }),
  portfolio: z.object({
    total_optimizations: z.number().int(),
    avg_expected_return: z.number().nullable(),
  }),
  stocks: z.object({ stocks_with_data: z.number().int(), total_stocks: z.number().int() }),
});
export type AiDashboard = z.infer<typeof aiDashboardSchema>;
export const aiDashboardResponseSchema = dataEnvelope(aiDashboardSchema);
