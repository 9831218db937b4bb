// What each subscription plan gives (decision 0056): the one table the server enforces and the web app shows on the
// plan cards and where a limit is reached. Plain values, no zod (the web app imports them through '/values').
import { SUBSCRIPTION_PLANS, type PlanId } from './bi.values.ts';
import { ALERTS_MAX_ACTIVE } from './portfolio.values.ts';

/** The most stocks one watchlist may hold on any plan. */
export const WATCHLIST_MAX_ITEMS = 100;

export interface PlanFeatures {
  /** Active (untriggered) price alerts at once. */
  priceAlerts: number;
  /** Stocks on the watchlist. */
  watchlistStocks: number;
  /** The ledger as a CSV file ('Dışa aktar'); the KVKK data export stays free for everybody. */
  csvExport: boolean;
}

export const PLAN_FEATURES: Record<PlanId, PlanFeatures> = {
  free: { priceAlerts: 3, watchlistStocks: 10, csvExport: false },
  premium: { priceAlerts: 20, watchlistStocks: 50, csvExport: true },
  pro: { priceAlerts: ALERTS_MAX_ACTIVE, watchlistStocks: WATCHLIST_MAX_ITEMS, csvExport: true },
};

export type CountedFeature = 'priceAlerts' | 'watchlistStocks';

/** The plans from cheapest to dearest (SUBSCRIPTION_PLANS' order). */
const PLAN_ORDER: readonly PlanId[] = SUBSCRIPTION_PLANS.map((p) => p.id);

export function planName(plan: PlanId): string {
  return SUBSCRIPTION_PLANS.find((p) => p.id === plan)?.name ?? plan;
}

/** The cheapest plan that allows `count` of a counted feature, or null when none does. */
export function cheapestPlanAllowing(feature: CountedFeature, count: number): PlanId | null {
  return PLAN_ORDER.find((plan) => PLAN_FEATURES[plan][feature] >= count) ?? null;
}

/** The cheapest plan with CSV export. */
export function cheapestPlanWithCsvExport(): PlanId {
  return PLAN_ORDER.find((plan) => PLAN_FEATURES[plan].csvExport) ?? 'pro';
}

/** The Turkish refusals (server error text; the web app shows them as they come). */
export const PLAN_LIMIT_TEXTS = {
  priceAlerts: (current: PlanId, limit: number, needed: PlanId) =>
    `${planName(current)} planında en fazla ${limit} etkin fiyat alarmı kurulabilir. Daha fazlası için ${planName(needed)} planına geçin.`,
  watchlistStocks: (current: PlanId, limit: number, needed: PlanId) =>
    `${planName(current)} planında izleme listesine en fazla ${limit} hisse eklenebilir. Daha fazlası için ${planName(needed)} planına geçin.`,
  csvExport: (current: PlanId, needed: PlanId) =>
    `CSV dışa aktarma ${planName(current)} planında yok: ${planName(needed)} veya üstü bir plan gerekir.`,
} as const;
