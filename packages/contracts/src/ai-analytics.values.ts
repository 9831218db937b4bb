// AI-Powered Analytics: the plain values (lists, limits, texts, rules) without zod, so the web app can import them through
// '@bist/contracts/values' without loading a schema. The schemas and their types are in ai-analytics.ts.

/** Spec §7: the page's portfolio name. (Windows, limits and targets of spec §9 live in constants.ts.) */
export const AI_OPTIMIZATION_NAME = 'AI Optimized Portfolio';

/** Indices offered as an optimisation's basket (their members, at most AI_MAX_SYMBOLS of them). */
export const AI_OPTIMIZATION_BASKETS = ['XU030', 'XBANK', 'XULAS', 'XMANA', 'XTEKS'] as const;
export type AiOptimizationBasket = (typeof AI_OPTIMIZATION_BASKETS)[number];

/** The per-stock cap staff may set, as a fraction. */
export const AI_OPTIMIZATION_MIN_WEIGHT_CAP = 0.05;
export const AI_OPTIMIZATION_MAX_WEIGHT_CAP = 1;

/**
 * Identical inputs (stocks, objective, target, tolerance, cap, views) on the same market data within this many seconds
 * answer with the stored run instead of storing a duplicate (a double click, a retried request).
 */
export const AI_OPTIMIZATION_REUSE_SECONDS = 120;
