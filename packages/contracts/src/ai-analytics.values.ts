// AI-Powered Analytics: the plain values (lists, limits, texts, rules) without zod, so the web app can import them through
// '@bist/contracts/values' without loading a schema. The schemas and their types are in ai-analytics.ts.

/** Spec §7: the page's portfolio name. (Windows, limits and targets of spec §9 live in constants.ts.) */
export const AI_OPTIMIZATION_NAME = 'AI Optimized Portfolio';
