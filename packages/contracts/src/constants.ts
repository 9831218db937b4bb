/** Business constants of spec §9. Screens and services import these; nobody types the numbers again. */

/**
 * Customer roles: the product has only investors on the customer side (spec §6). Here rather than in auth.ts, so the
 * web's first bundle can read it without evaluating (and bundling) auth.ts's zod schemas.
 */
export const CUSTOMER_ROLES = ['investor'] as const;
export type CustomerRole = (typeof CUSTOMER_ROLES)[number];

export const POLLING_DEFAULT_MS = 5_000;
export const TOP_BAR_POLL_MS = 30_000;
export const DASHBOARD_REFRESH_MS = 30_000;
export const PORTFOLIO_REFRESH_MS = 30_000;
export const WATCHLIST_REFRESH_MS = 30_000;
export const PREDICTIONS_REFRESH_MS = 60_000;
export const BI_REALTIME_REFRESH_MS = 30_000;
export const COMPLIANCE_REFRESH_MS = 120_000;
export const LIVE_VIEW_REFRESH_MS = 60_000;
export const AI_ANALYTICS_REFRESH_MS = 300_000;

export const STOCKS_PAGE_SIZE = 20;
export const STOCKS_SEARCH_DEBOUNCE_MS = 500;
export const STOCKS_DEFAULT_SORT = { sortBy: 'symbol', sortOrder: 'asc' } as const;
/** Rows show an up or down arrow beyond this absolute daily change, in percent. */
export const STOCKS_ARROW_THRESHOLD_PERCENT = 5;

export const DASHBOARD_CHART_ITEMS = 5;
export const DASHBOARD_PREDICTION_CARDS = 6;
export const DASHBOARD_SECTOR_LIST = 5;

export const INDEX_CHART_POINTS = 30;
export const INDEX_CHART_STEP_MINUTES = 15;
/** Index volatility label: 'Yüksek' above this absolute daily change, in percent. */
export const INDEX_HIGH_VOLATILITY_PERCENT = 2;
/** Risk bar: red above 3 %, yellow above 1 %, else green; width = |change| × 20, capped at 100. */
export const INDEX_RISK_RED_PERCENT = 3;
export const INDEX_RISK_YELLOW_PERCENT = 1;
export const INDEX_RISK_BAR_SCALE = 20;

export const PREDICTIONS_WINDOW_HOURS = 24;
export const ACCURACY_HISTORY_DAYS = 7;
export const PORTFOLIO_PERFORMANCE_MONTHS = 6;
/** Holdings badge 'Güçlü' / 'Zayıf' beyond this absolute gain/loss, in percent. */
export const HOLDING_BADGE_PERCENT = 10;
export const CUSTOMER_ALGORITHM_LIST_MAX = 6;

export const TIME_RANGES_DAYS = [7, 30, 90] as const;
export const COMPLIANCE_AUDIT_LIMIT = 20;
export const TOP_LIST_ITEMS = 5;
export const RECENT_VIOLATIONS = 5;
export const AUDIT_LOG_DEFAULT_PAGE = 1;
export const AUDIT_LOG_DEFAULT_LIMIT = 50;

/** AI health from average accuracy in percent: healthy above 80, warning above 70, critical otherwise. */
export const AI_HEALTHY_ABOVE_PERCENT = 80;
export const AI_WARNING_ABOVE_PERCENT = 70;
export const AI_ALGORITHM_GRID = 12;
export const AI_PERFORMANCE_TABLE = 10;
export const AI_RECENT_ACTIVITY = 5;
export const AI_OVERVIEW_PREDICTIONS = 5;
export const AI_OVERVIEW_ANALYSES = 3;
export const AI_TOP_ALLOCATIONS = 3;
export const AI_PREDICTIONS_WINDOW_DAYS = 7;
export const AI_ANALYSIS_WINDOW_HOURS = 24;
export const AI_STOCKS_LIMIT = 20;
export const OPTIMIZATION_TARGET_RETURN = 0.15;
export const OPTIMIZATION_RISK_TOLERANCE = 'medium';
export const AI_ALGORITHM_COUNT = 40;

export type AiHealth = 'healthy' | 'warning' | 'critical';

/** Spec §9: healthy above 80, warning above 70, critical otherwise. */
export function aiHealthOf(accuracyPercent: number): AiHealth {
  if (accuracyPercent > AI_HEALTHY_ABOVE_PERCENT) return 'healthy';
  if (accuracyPercent > AI_WARNING_ABOVE_PERCENT) return 'warning';
  return 'critical';
}

/** The demo prefix of the web's offline fallback token (spec §9), used only in demo mode. */
export const OFFLINE_TOKEN_PREFIX = 'demo-offline-';

/** An investor password's length (registration, reset, change). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
