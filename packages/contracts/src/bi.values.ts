// Business intelligence: the plain values (lists, limits, texts, rules) without zod, so the web app can import them through
// '@bist/contracts/values' without loading a schema. The schemas and their types are in bi.ts.
import { meetsRequirement, type Permission, type PermissionRequirement } from './roles.ts';

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

/**
 * The parts of Business Intelligence and who may read each (decision 0058). business_metrics is full access; each
 * part is also open to the permissions that name its data; analytics_data / reports_read read every part but export
 * no personal rows (the drill-downs' per-investor rows).
 */
export const BI_PARTS = ['revenue', 'users', 'performance'] as const;
export type BiPart = (typeof BI_PARTS)[number];

const READ_ONLY_ANALYSTS: readonly Permission[] = ['analytics_data', 'reports_read'];
export const BI_PART_ACCESS = {
  revenue: {
    kind: 'any',
    permissions: ['business_metrics', 'financial_data', 'revenue_metrics', ...READ_ONLY_ANALYSTS],
  },
  users: {
    kind: 'any',
    permissions: [
      'business_metrics',
      'user_analytics',
      'marketing_metrics',
      'customer_metrics',
      'user_acquisition',
      ...READ_ONLY_ANALYSTS,
    ],
  },
  performance: {
    kind: 'any',
    permissions: ['business_metrics', 'technical_metrics', 'system_performance', ...READ_ONLY_ANALYSTS],
  },
} as const satisfies Record<BiPart, PermissionRequirement>;

/** Any part of Business Intelligence: the screen, the overview, the real-time strip and the export route. */
export const BI_ANY_ACCESS: PermissionRequirement = {
  kind: 'any',
  permissions: [...new Set(BI_PARTS.flatMap((part) => BI_PART_ACCESS[part].permissions))],
};

/** Personal rows (the sign-ups drill-down's investors) leave as a file only with full BI access. */
export const BI_PERSONAL_EXPORT_ACCESS = {
  kind: 'permission',
  permission: 'business_metrics',
} as const satisfies PermissionRequirement;

/** The investors behind MRR movements leave as a file with full access or the financial permissions. */
export const BI_MRR_ROWS_EXPORT_ACCESS = {
  kind: 'any',
  permissions: ['business_metrics', 'financial_data', 'revenue_metrics'],
} as const satisfies PermissionRequirement;

/** The part each export type belongs to. */
export const BI_EXPORT_PART: Record<BiExportType, BiPart> = {
  revenue: 'revenue',
  mrr: 'revenue',
  users: 'users',
  events: 'users',
  pages: 'users',
  performance: 'performance',
};

/** The BI parts these permissions may read. */
export function biPartsFor(permissions: readonly string[]): BiPart[] {
  return BI_PARTS.filter((part) => meetsRequirement(permissions, BI_PART_ACCESS[part]));
}

/** Where a BI figure comes from: the seeded demo history, live activity, or the server's own measurement. */
export const BI_DATA_SOURCES = ['demo', 'live'] as const;
export type BiDataSource = (typeof BI_DATA_SOURCES)[number];
