import { z } from 'zod';

/**
 * What "accuracy" means everywhere in the product (AI Tahminler, Dashboard AI card, admin algorithm cards):
 * the directional hit rate of an algorithm's out-of-sample predictions, in percent — the share of predictions whose
 * direction (up / down) matched the realised move over the horizon. It comes from the walk-forward backtest
 * (expanding window, retrained every 20 trading days, scored only on days after each training cutoff) or, once live
 * predictions have matured, from their realised evaluations. A stock-day whose realised return is exactly zero is
 * excluded (neither hit nor miss; its share is reported), and so is a prediction of exactly zero change (no call):
 * there are no half-hits (`directionalHit`). Every hit rate is read beside the naive baselines on the same rows
 * (always up, always down; the better one is 'piyasa yönü') and the edge over that baseline, with a day-clustered
 * 95 % interval (a day's predictions share the market's move). Never a constant or a random number; above 60 % calls
 * for a leakage audit.
 */
export const ACCURACY_DEFINITION = {
  metric: 'directional_hit_rate',
  unit: 'percent',
  sources: ['walk_forward', 'realised'],
} as const;

/**
 * One directional call scored against its realised return: true when the signs agree, false when they differ, null
 * when the realised return is exactly 0 (no direction happened: excluded, neither hit nor miss), when the prediction
 * is exactly 0 (no call), or when either value is not finite. The one rule of the walk-forward and live scoring.
 */
export function directionalHit(predicted: number, realised: number): boolean | null {
  if (!Number.isFinite(predicted) || !Number.isFinite(realised)) return null;
  if (predicted === 0 || realised === 0) return null;
  return predicted > 0 === realised > 0;
}

/**
 * The naive baselines of a hit rate, on the same scored rows (realised return ≠ 0): the share that closed up
 * (always-up's hit rate) and down (always-down's); the market direction ('piyasa yönü') is the better of the two.
 */
export function marketDirectionBaseline(
  ups: number,
  downs: number,
): {
  alwaysUp: number | null;
  alwaysDown: number | null;
  best: number | null;
  side: 'up' | 'down' | null;
} {
  const n = ups + downs;
  if (n <= 0) return { alwaysUp: null, alwaysDown: null, best: null, side: null };
  const up = ups / n;
  return { alwaysUp: up, alwaysDown: 1 - up, best: Math.max(up, 1 - up), side: up >= 0.5 ? 'up' : 'down' };
}

/** Accuracy in percent from hits and scored calls (zero returns excluded); null when nothing has been scored yet. */
export function accuracyPercentOf(hits: number, count: number): number | null {
  return count > 0 ? (100 * hits) / count : null;
}

export const accuracySourceSchema = z.enum(ACCURACY_DEFINITION.sources);
export type AccuracySource = z.infer<typeof accuracySourceSchema>;

export const algorithmCategorySchema = z.enum([
  'baseline',
  'time_series',
  'technical',
  'linear',
  'nonlinear',
  'neural',
  'ensemble',
]);
export type AlgorithmCategory = z.infer<typeof algorithmCategorySchema>;
export const algorithmScopeSchema = z.enum(['per_series', 'pooled', 'rule']);
export const algorithmOutputSchema = z.enum(['regression', 'classification']);

/** The forecast horizons, in trading days: the one list every layer (features, jobs, routes, pages) uses. */
export const PREDICTION_HORIZONS = [1, 5] as const;
export type PredictionHorizon = (typeof PREDICTION_HORIZONS)[number];

/** Forecast horizon in trading days. */
export const predictionHorizonSchema = z.literal(PREDICTION_HORIZONS);

export function isPredictionHorizon(value: unknown): value is PredictionHorizon {
  return (PREDICTION_HORIZONS as readonly unknown[]).includes(value);
}

/** An algorithm as the registry describes it (@bist/ml listAlgorithms()). */
export const algorithmInfoSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  name: z.string(),
  type: z.string(),
  category: algorithmCategorySchema,
  description: z.string(),
  scope: algorithmScopeSchema,
  output: algorithmOutputSchema,
});
export type AlgorithmInfo = z.infer<typeof algorithmInfoSchema>;

/** Mean, sample sd and ICIR (mean / sd) of a per-day cross-sectional correlation; null where undefined. */
export const icSummarySchema = z.object({
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  icir: z.number().nullable(),
  days: z.number().int().nonnegative(),
});
export type IcSummary = z.infer<typeof icSummarySchema>;

/** One bin of a reliability table: predictions whose calibrated probability fell in [low, high), percent. */
export const reliabilityBinSchema = z.object({
  lowPercent: z.number().min(0).max(100),
  highPercent: z.number().min(0).max(100),
  count: z.number().int().nonnegative(),
  /** Mean calibrated probability of the bin's rows (null when empty). */
  predictedPercent: z.number().min(0).max(100).nullable(),
  /** Share of the bin's rows that ended above their day's median return (null when empty). */
  realisedPercent: z.number().min(0).max(100).nullable(),
  /**
   * Day-clustered standard error of realisedPercent, in points (the bin's rows share days and, at h > 1, overlapping
   * targets); null when empty or in records stored before it was measured.
   */
  realisedSePoints: z.number().nonnegative().nullable().default(null),
});
export type ReliabilityBin = z.infer<typeof reliabilityBinSchema>;

/**
 * Calibrated confidence of a model at a horizon: P(the stock ends above its day's median return) =
 * σ(a·(q − ½) + b), q the prediction's percentile among the day's predictions, fitted on the walk-forward's own
 * out-of-sample predictions; the reliability table scores it cross-fitted (each half of the days with the map fitted
 * on the other half).
 */
export const crossSectionalCalibrationSchema = z.object({
  a: z.number(),
  b: z.number(),
  rows: z.number().int().nonnegative(),
  reliability: z.array(reliabilityBinSchema),
});
export type CrossSectionalCalibrationRecord = z.infer<typeof crossSectionalCalibrationSchema>;

/**
 * One target date of a walk-forward's out-of-sample predictions: scored calls (zero returns and zero calls excluded),
 * hits, and how many of them closed up (always-up's hits on the same rows).
 */
export const walkForwardDaySchema = z.object({
  date: z.string(),
  scored: z.number().int().nonnegative(),
  hits: z.number().int().nonnegative(),
  ups: z.number().int().nonnegative(),
});
export type WalkForwardDay = z.infer<typeof walkForwardDaySchema>;

/**
 * One window of a walk-forward's scored days (@bist/ml evaluationPeriods): 'selection' is the earlier half, on which
 * the production model is chosen; 'holdout' the later half, on which its figures are shown first (data it was not
 * selected on). The holdout's factor is the one that was best on the selection window. Percent fields 0–100; the
 * residual quantiles are in log-return units (realised minus predicted return, both relative to the day's median).
 */
export const algorithmEvaluationPeriodSchema = z.object({
  role: z.enum(['selection', 'holdout']),
  from: z.string(),
  to: z.string(),
  /** Days with a defined Rank IC. */
  days: z.number().int().nonnegative(),
  rankIcMean: z.number().nullable(),
  bestFactorId: z.string().nullable(),
  bestFactorRankIcMean: z.number().nullable(),
  /** Mean daily (Rank IC − the factor's Rank IC) and its Newey–West t (lags = h). */
  rankIcDiffVsBestFactor: z.number().nullable(),
  rankIcDiffNwT: z.number().nullable(),
  /** Share of calls on the right side of the day's median (prediction vs realised), percent; ½ is no skill. */
  relativeHitPercent: z.number().min(0).max(100).nullable(),
  relativeScored: z.number().int().nonnegative(),
  /** Absolute directional hit rate and always-up / always-down on the same rows, percent. */
  hitPercent: z.number().min(0).max(100).nullable(),
  alwaysUpPercent: z.number().min(0).max(100).nullable(),
  alwaysDownPercent: z.number().min(0).max(100).nullable(),
  scored: z.number().int().nonnegative(),
  relativeResidualP10: z.number().nullable(),
  relativeResidualP90: z.number().nullable(),
});
export type AlgorithmEvaluationPeriod = z.infer<typeof algorithmEvaluationPeriodSchema>;

/**
 * One algorithm's evaluation at one horizon (walk-forward backtest or realised live predictions).
 * Percent fields are 0–100; error fields are in log-return units; undefined statistics are null.
 */
export const algorithmEvaluationSchema = z.object({
  algorithmId: z.string(),
  horizonDays: predictionHorizonSchema,
  source: accuracySourceSchema,
  /** THE accuracy of the product: directional hit rate, percent. */
  accuracyPercent: z.number().min(0).max(100).nullable(),
  /** 95 % Wilson interval of the hit rate, percent: secondary (it treats a day's shared moves as independent). */
  accuracyCiLowPercent: z.number().min(0).max(100),
  accuracyCiHighPercent: z.number().min(0).max(100),
  /**
   * THE interval of the hit rate: 95 % with a day-clustered (Newey–West over overlapping horizons) standard error.
   */
  accuracyClusteredCiLowPercent: z.number().min(0).max(100).nullable(),
  accuracyClusteredCiHighPercent: z.number().min(0).max(100).nullable(),
  /** Scored predictions whose realised return was exactly 0 (excluded from the hit rate), percent of scored rows. */
  zeroReturnSharePercent: z.number().min(0).max(100).nullable().default(null),
  /** Predictions of exactly zero change (no call, excluded from the hit rate). */
  noCallCount: z.number().int().nonnegative().default(0),
  /** Hit rate of always predicting up / down on the same rows, percent. */
  alwaysUpPercent: z.number().min(0).max(100).nullable().default(null),
  alwaysDownPercent: z.number().min(0).max(100).nullable().default(null),
  /** 'piyasa yönü': the better of always-up and always-down, percent. */
  baselinePercent: z.number().min(0).max(100).nullable().default(null),
  /** Edge = hit rate − baseline, percentage points, with its day-clustered 95 % interval. */
  edgePoints: z.number().nullable().default(null),
  edgeClusteredCiLowPoints: z.number().nullable().default(null),
  edgeClusteredCiHighPoints: z.number().nullable().default(null),
  /** Newey–West t of the mean daily Rank IC (lags = h). */
  rankIcNwT: z.number().nullable().default(null),
  /** Rank IC against the tradable target: bought at the next open, sold at the close of t + h. */
  tradableRankIc: icSummarySchema.nullable().default(null),
  /** The simple-factor ladder on the same rows: yesterday's return, −ATR14/close, 12-1 momentum. */
  factorLadder: z
    .array(z.object({ id: z.string(), rankIcMean: z.number().nullable(), rankIcNwT: z.number().nullable() }))
    .default([]),
  bestFactorId: z.string().nullable().default(null),
  /** Edge-adjusted Rank IC: mean daily (Rank IC − the best factor's Rank IC), and its Newey–West t. */
  rankIcDiffVsBestFactor: z.number().nullable().default(null),
  rankIcDiffNwT: z.number().nullable().default(null),
  /** Cross-sectional calibration and its reliability table (null when too few out-of-sample rows). */
  calibration: crossSectionalCalibrationSchema.nullable().default(null),
  mae: z.number().nullable(),
  rmse: z.number().nullable(),
  /** 1 − MSE / MSE of the random walk (zero-change) forecast; > 0 beats the random walk. */
  skillVsRandomWalk: z.number().nullable(),
  /** Out-of-sample R² = 1 − SSE / Σ(r − r̄)². */
  r2: z.number().nullable(),
  /** Per-day cross-sectional Pearson correlation of predicted and realised returns. */
  ic: icSummarySchema,
  /** Per-day cross-sectional Spearman correlation. */
  rankIc: icSummarySchema,
  predictionsCount: z.number().int().nonnegative(),
  evaluatedFrom: z.string().nullable(),
  evaluatedTo: z.string().nullable(),
  /** The last WALK_FORWARD_RECENT_DAYS target dates of the out-of-sample predictions, oldest first. */
  recentDays: z.array(walkForwardDaySchema).optional(),
  /** The selection and holdout windows (absent in records stored before they were measured). */
  periods: z.array(algorithmEvaluationPeriodSchema).optional(),
});
export type AlgorithmEvaluation = z.infer<typeof algorithmEvaluationSchema>;

/**
 * Liquidity floor of what investors are shown as the best predictions: a stock whose average daily turnover
 * (close × volume) over the last `turnoverDays` sessions is under `minAverageTurnoverTry`, or whose price is under
 * `minPriceTry`, is left out (a one-step price move of a penny stock is a large percentage and cannot be traded in
 * size).
 */
export const LIQUIDITY_FLOOR = {
  turnoverDays: 20,
  minAverageTurnoverTry: 10_000_000,
  minPriceTry: 1,
} as const;

/** True when a stock passes the floor; a missing turnover or price fails it. */
export function passesLiquidityFloor(averageTurnoverTry: number | null, priceTry: number | null): boolean {
  return (
    averageTurnoverTry !== null &&
    priceTry !== null &&
    Number.isFinite(averageTurnoverTry) &&
    Number.isFinite(priceTry) &&
    averageTurnoverTry >= LIQUIDITY_FLOOR.minAverageTurnoverTry &&
    priceTry >= LIQUIDITY_FLOOR.minPriceTry
  );
}

/**
 * Investor-facing (Turkish) names of the algorithms, by registry id; the registry's English name is shown beside it in
 * a tooltip. An id missing here is shown by its English name.
 */
export const ALGORITHM_NAMES_TR: Readonly<Record<string, string>> = {
  'hist-gbdt': 'Gradyan Artırmalı Ağaçlar',
  cart: 'Karar Ağacı (CART)',
  'random-forest': 'Rastgele Orman',
  'extra-trees': 'Aşırı Rastgele Ağaçlar',
  adaboost: 'AdaBoost Artırma',
  knn: 'En Yakın Komşular (k-NN)',
  'gaussian-nb': 'Gauss Naive Bayes',
  'linear-svm': 'Doğrusal Destek Vektör Makinesi',
  'kernel-ridge': 'Çekirdek Ridge Regresyonu',
  mlp: 'Çok Katmanlı Yapay Sinir Ağı',
  lstm: 'LSTM Sinir Ağı',
  gru: 'GRU Sinir Ağı',
  cnn1d: 'Tek Boyutlu Evrişimli Ağ',
  ols: 'En Küçük Kareler Regresyonu',
  ridge: 'Ridge Regresyonu',
  lasso: 'Lasso Regresyonu',
  'elastic-net': 'Elastik Ağ Regresyonu',
  'bayesian-ridge': 'Bayesçi Ridge Regresyonu',
  huber: 'Huber Regresyonu',
  'logistic-regression': 'Lojistik Regresyon',
  lda: 'Doğrusal Ayırma Analizi',
  'rsi-reversion': 'RSI Ortalamaya Dönüş',
  'macd-crossover': 'MACD Kesişimi',
  'bollinger-reversion': 'Bollinger Bandı Dönüşü',
  'ma-cross-50-200': '50/200 Hareketli Ortalama Kesişimi',
  'momentum-12-1': '12-1 Momentum',
  'reversal-1w': 'Haftalık Tersine Dönüş',
  'donchian-breakout': 'Donchian Kırılımı',
  'stochastic-oscillator': 'Stokastik Osilatör',
  stacking: 'Yığınlama Topluluğu',
  'random-walk': 'Rastgele Yürüyüş',
  'historical-drift': 'Tarihsel Eğilim',
  'sma-trend': 'Basit Hareketli Ortalama Trendi',
  'ema-trend': 'Üssel Hareketli Ortalama Trendi',
  'holt-linear': 'Holt Doğrusal Düzleştirme',
  theta: 'Theta Yöntemi',
  'kalman-trend': 'Kalman Yerel Doğrusal Trend',
  ar: 'Otoregresif Model AR(p)',
  arima: 'ARIMA',
  'garch-drift': 'GARCH(1,1) Ölçekli Eğilim',
};

/** The Turkish name of an algorithm, or `fallback` (its English name) when it has none. */
export function algorithmNameTr(id: string, fallback: string): string {
  return ALGORITHM_NAMES_TR[id] ?? fallback;
}

/** Target dates of the walk-forward kept with each evaluation (the accuracy history until live predictions mature). */
export const WALK_FORWARD_RECENT_DAYS = 7;
