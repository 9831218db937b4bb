// AI health: the plain values (lists, limits, texts, rules) without zod, so the web app can import them through
// '@bist/contracts/values' without loading a schema. The schemas and their types are in ai-health.ts.

/**
 * Operational health of an algorithm, from measured skill rather than from a fixed accuracy level (no honest daily
 * model reaches the 70/80 % the original screens assumed). Labels stay healthy / warning / critical. Each check below
 * gives a label; the algorithm's label is the worst of them. An algorithm without a walk-forward has no label.
 *
 * - edge: the walk-forward hit rate's 95 % interval against the naive coin flip (50 %): above → healthy, below →
 *   critical, straddling → warning (no demonstrated edge).
 * - rank_ic: the walk-forward Rank IC's 95 % interval (mean ± 1.96·sd/√days) against 0, the same way; a model that
 *   does not rank stocks (constant forecast) is a warning.
 * - live_tracking: once LIVE_MIN_EVALUATED live predictions have matured, their hit rate against the walk-forward
 *   band: inside or above → healthy, point below the band → warning, whole 95 % interval below it → critical.
 * - drift: the largest PSI of a model input between the training window and the last DRIFT_RECENT_DAYS trading days:
 *   < 0.1 stable (healthy), 0.1–0.2 moderate (warning), > 0.2 significant (critical).
 * - staleness: days since the last successful training: up to STALE_WARNING_DAYS healthy (the nightly schedule with
 *   a weekend), then warning, beyond STALE_CRITICAL_DAYS critical.
 */
export const PSI_MODERATE = 0.1;
export const PSI_SIGNIFICANT = 0.2;
export const DRIFT_RECENT_DAYS = 20;
export const PSI_BINS = 10;
export const LIVE_MIN_EVALUATED = 200;
export const STALE_WARNING_DAYS = 4;
export const STALE_CRITICAL_DAYS = 10;

export const AI_HEALTH_RULE_TEXT =
  'Worst of: edge — walk-forward hit-rate 95% CI vs 50% (above healthy, straddling warning, below critical); ' +
  'Rank IC — 95% CI vs 0 likewise (no ranking = warning); live tracking — matured live hit rate vs the ' +
  `walk-forward band (below = warning, CI wholly below = critical; from ${LIVE_MIN_EVALUATED} predictions); ` +
  `drift — largest feature PSI, last ${DRIFT_RECENT_DAYS} days vs training window (>${PSI_MODERATE} warning, ` +
  `>${PSI_SIGNIFICANT} critical); staleness — last training older than ${STALE_WARNING_DAYS} days warning, ` +
  `${STALE_CRITICAL_DAYS} days critical.`;
