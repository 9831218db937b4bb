// AI health: the plain values (lists, limits, texts, rules) without zod, so the web app can import them through
// '@bist/contracts/values' without loading a schema. The schemas and their types are in ai-health.ts.

/**
 * Operational health of an algorithm, from measured skill rather than from a fixed accuracy level (no honest daily
 * model reaches the 70/80 % the original screens assumed). Labels stay healthy / warning / critical. Each counted check
 * below gives a label; the algorithm's label is the worst of them. An algorithm without an accuracy has no label.
 *
 * - edge: the verdict investors are shown (edgeVerdict): the edge over the market direction (the better of always-up
 *   and always-down on the same rows) with its day-clustered 95 % interval — realised once enough live predictions
 *   matured, else walk-forward: ahead → healthy, indistinguishable → warning, behind → critical.
 * - rank_ic (shown, not counted): the walk-forward Rank IC's 95 % interval (mean ± 1.96·sd/√days) against 0.
 * - live_tracking: once LIVE_MIN_EVALUATED live predictions have matured, their hit rate against the walk-forward
 *   band: inside or above → healthy, point below the band → warning, whole 95 % interval below it → critical.
 * - drift: the largest PSI of a model input as the models see it (each day's cross-sectional z-score) between the
 *   training window and the last DRIFT_RECENT_DAYS trading days: < 0.1 stable (healthy), 0.1–0.2 moderate (warning),
 *   > 0.2 significant (critical). A market-wide level shift is one market event, not a check of each model.
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

/** The verdict on a model's edge over the market direction, as investors and staff both see it. */
export type EdgeVerdict = 'ahead' | 'indistinguishable' | 'behind';

/**
 * The one verdict per model: its edge over the market direction with the edge's 95 % interval — ahead when the whole
 * interval is above 0, behind when it is wholly below, indistinguishable when it contains 0; null without an interval.
 * The investor page's 'piyasa yönünden ayırt edilemiyor' and the AI operations edge check both come from here.
 */
export function edgeVerdict(edgeCi: { low: number; high: number } | null | undefined): EdgeVerdict | null {
  if (!edgeCi) return null;
  if (edgeCi.low > 0) return 'ahead';
  if (edgeCi.high < 0) return 'behind';
  return 'indistinguishable';
}

export const AI_HEALTH_RULE_TEXT =
  "Worst of: edge — the investor page's edge over the market direction with its day-clustered 95% CI (above 0 " +
  'healthy, containing 0 warning, below 0 critical); live tracking — matured live hit rate vs the ' +
  `walk-forward band (below = warning, CI wholly below = critical; from ${LIVE_MIN_EVALUATED} predictions); ` +
  `drift — largest PSI of a feature as the models see it (daily cross-sectional z-score), last ${DRIFT_RECENT_DAYS} ` +
  `days vs training window (>${PSI_MODERATE} warning, >${PSI_SIGNIFICANT} critical; a market-wide level shift is ` +
  `one market event); staleness — last training older than ${STALE_WARNING_DAYS} days warning, ` +
  `${STALE_CRITICAL_DAYS} days critical. Rank IC is shown, not counted.`;
