// Business intelligence: the plain values (lists, limits, texts, rules) without zod, so the web app can import them through
// '@bist/contracts/values' without loading a schema. The schemas and their types are in bi.ts.

/** Investor plans with their prices in kuruş (1/100 TRY), VAT excluded. */
export const SUBSCRIPTION_PLANS = [
  { id: 'free', name: 'Ücretsiz', monthlyKurus: 0, yearlyKurus: 0 },
  { id: 'premium', name: 'Premium', monthlyKurus: 14_900, yearlyKurus: 149_000 },
  { id: 'pro', name: 'Pro', monthlyKurus: 34_900, yearlyKurus: 349_000 },
] as const;
export type PlanId = (typeof SUBSCRIPTION_PLANS)[number]['id'];
export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
/** Turkish VAT (KDV) on subscriptions, percent. */
export const VAT_PERCENT = 20;

/** The investor side's route templates, as page views report them (any other path is '/other'). */
export const INVESTOR_PAGE_TEMPLATES = [
  '/',
  '/login',
  '/dashboard',
  '/stocks',
  '/stocks/:symbol',
  '/indices',
  '/portfolio',
  '/watchlist',
  '/predictions',
] as const;

/** Product events the web app sends. */
export const PRODUCT_EVENT_TYPES = [
  'page_view',
  'sign_up',
  'login',
  'search',
  'stock_view',
  'trade_recorded',
  'alert_created',
  'prediction_viewed',
  'watchlist_added',
] as const;
export type ProductEventType = (typeof PRODUCT_EVENT_TYPES)[number];

/** At most this many events per request, and this many bytes per request body. */
export const EVENT_BATCH_MAX = 25;

/**
 * The days a BI query may name (from/to, both included): business data of this century, and a calendar whose
 * neighbouring days and periods stay four-digit dates (year 9999's next day or year 1's previous period do not).
 */
export const BI_EARLIEST_DAY = '2000-01-01';
export const BI_LATEST_DAY = '2099-12-31';

/** The metric families the export writes, one CSV each, named `<type>_<from>_<to>.csv`. */
export const BI_EXPORT_TYPES = ['revenue', 'users', 'events', 'pages', 'performance', 'mrr'] as const;
export type BiExportType = (typeof BI_EXPORT_TYPES)[number];

/** Drill-down: the investors behind one month's MRR movements. */
export const MRR_MOVEMENT_KINDS = [
  'new',
  'reactivation',
  'expansion',
  'contraction',
  'churn',
  'unchanged',
] as const;
export type MrrMovementKind = (typeof MRR_MOVEMENT_KINDS)[number];
