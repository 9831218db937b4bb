import { z } from 'zod';

/**
 * What "accuracy" means everywhere in the product (AI Tahminler, Dashboard AI card, admin algorithm cards):
 * the directional hit rate of an algorithm's out-of-sample predictions, in percent — the share of predictions whose
 * direction (up / down) matched the realised move over the horizon. It comes from the walk-forward backtest
 * (expanding window, retrained every 20 trading days, scored only on days after each training cutoff) or, once live
 * predictions have matured, from their realised evaluations. A prediction of exactly zero change counts as half a hit.
 * Never a constant or a random number. Honest daily figures sit around 51–54 %; above 60 % calls for a leakage audit.
 */
export const ACCURACY_DEFINITION = {
  metric: 'directional_hit_rate',
  unit: 'percent',
  sources: ['walk_forward', 'realised'],
} as const;

/** Tooltip shown next to every accuracy figure. */
export const ACCURACY_TOOLTIP_TR =
  'Doğruluk: yön tahmininin tutma oranı (walk-forward, örnek dışı). Modelin eğitimde görmediği günlerde, ' +
  'yükseliş/düşüş yönünü doğru bildiği tahminlerin yüzdesidir; her 20 işlem gününde yeniden eğitilen modelin ' +
  'yalnızca sonraki günlere yaptığı tahminler sayılır. %50 yazı-tura düzeyidir; günlük tahminlerde %51–54 gerçekçidir.';

/** Tooltip for a prediction's confidence. */
export const CONFIDENCE_TOOLTIP_TR =
  'Güven: sınıflandırıcılarda tahmin edilen yönün kalibre edilmiş olasılığı; regresyon modellerinde modelin ' +
  'walk-forward tutma oranı ile sinyal gücünden hesaplanır. Hedef fiyat = güncel fiyat × (1 + beklenen getiri).';

/** Accuracy in percent from hits (ties count ½) and scored predictions; null when nothing has been scored yet. */
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
  /** 95 % Wilson interval of the hit rate, percent. */
  accuracyCiLowPercent: z.number().min(0).max(100),
  accuracyCiHighPercent: z.number().min(0).max(100),
  /** 95 % interval with a day-clustered (Newey–West over overlapping horizons) standard error: honest on real data. */
  accuracyClusteredCiLowPercent: z.number().min(0).max(100).nullable(),
  accuracyClusteredCiHighPercent: z.number().min(0).max(100).nullable(),
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
});
export type AlgorithmEvaluation = z.infer<typeof algorithmEvaluationSchema>;
