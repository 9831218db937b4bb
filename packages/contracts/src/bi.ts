import { z } from 'zod';
import {
  BI_DATA_SOURCES,
  BI_EARLIEST_DAY,
  BI_EXPORT_TYPES,
  BI_PARTS,
  BI_LATEST_DAY,
  BILLING_INTERVALS,
  EVENT_BATCH_MAX,
  MRR_MOVEMENT_KINDS,
  PRODUCT_EVENT_TYPES,
  SUBSCRIPTION_PLANS,
  type BillingInterval,
  type PlanId,
} from './bi.values.ts';
import { dataEnvelope } from './envelope.ts';

/**
 * Business intelligence (spec §2 'Business Intelligence', §3 BI, §7 BI): the investor plans and their TRY prices,
 * product-event ingest, and the six staff endpoints' answers. Money in the API is Turkish lira (TRY, 2 decimals);
 * the spec's '$' was its template's default (decision wt-bi-currency-and-metrics).
 */

export const PLAN_IDS = SUBSCRIPTION_PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];

/** A plan's monthly recurring revenue in kuruş: the monthly price, or the yearly price spread over 12 months. */
export function planMrrKurus(planId: PlanId, interval: BillingInterval): number {
  const plan = SUBSCRIPTION_PLANS.find((p) => p.id === planId)!;
  return interval === 'monthly' ? plan.monthlyKurus : Math.round(plan.yearlyKurus / 12);
}

/** How the current month's revenue is projected (shown with the projection). */
export const PROJECTION_METHOD_TEXT =
  'Run-rate: revenue so far this month ÷ elapsed share of the month (Europe/Istanbul); growth against last month.';

export const EVENT_BODY_MAX_BYTES = 8 * 1024;

export const productEventSchema = z.strictObject({
  type: z.enum(PRODUCT_EVENT_TYPES, { error: `type must be one of ${PRODUCT_EVENT_TYPES.join(', ')}` }),
  /** A route template (`/hisseler/:symbol`), never a raw URL with ids or a query. */
  page: z
    .string()
    .max(120, 'page must be at most 120 characters')
    .regex(/^\/[A-Za-z0-9\-_/:]*$/, 'page must be a route template such as /hisseler/:symbol')
    .optional(),
});
export type ProductEvent = z.infer<typeof productEventSchema>;

export const eventBatchSchema = z.strictObject({
  /** Random id the tab keeps for its session (sessionStorage); stored only as a salted daily hash. */
  session_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'session_id must be 8–64 letters, digits, - or _'),
  events: z
    .array(productEventSchema)
    .min(1, 'events must not be empty')
    .max(EVENT_BATCH_MAX, `events must hold at most ${EVENT_BATCH_MAX} events`),
});
export type EventBatch = z.infer<typeof eventBatchSchema>;
export const eventBatchResponseSchema = z.object({ success: z.literal(true), accepted: z.number().int() });

/** Periods of the BI page (spec §9) and the query every BI endpoint takes. */
export const BI_PERIODS = ['7', '30', '90'] as const;
const isoDay = z.iso
  .date({ error: 'must be a date YYYY-MM-DD' })
  .refine((day) => day >= BI_EARLIEST_DAY && day <= BI_LATEST_DAY, {
    error: `must be a date from ${BI_EARLIEST_DAY} to ${BI_LATEST_DAY}`,
  });
export const biQuerySchema = z
  .strictObject({
    period: z.enum(BI_PERIODS, { error: 'period must be 7, 30 or 90' }).optional(),
    /** Which population the figures count: the seeded demo history or live activity (default: demo once seeded). */
    source: z.enum(BI_DATA_SOURCES, { error: 'source must be demo or live' }).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), {
    message: 'from and to must be given together',
    path: ['from'],
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type BiQuery = z.infer<typeof biQuerySchema>;

export const METRIC_TYPES = ['currency', 'percentage', 'rating', 'minutes', 'hours', 'number'] as const;
export const METRIC_CATEGORIES = ['users', 'revenue', 'technical', 'quality', 'engagement'] as const;

const periodSchema = z.object({ from: z.string(), to: z.string(), days: z.number().int() });
/** What the figures are made of: seeded demo history and/or live activity. */
const sourcesSchema = z.object({ demo: z.boolean(), live: z.boolean() });
/** The one population a response's figures count (demo and live never mix in one figure). */
const sourceSchema = z.enum(BI_DATA_SOURCES);
/** The BI parts the caller may read (decision 0058): what the response holds. */
const partsSchema = z.array(z.enum(BI_PARTS));

export const keyMetricSchema = z.object({
  metric_name: z.string(),
  metric_value: z.number().nullable(),
  metric_type: z.enum(METRIC_TYPES),
  category: z.enum(METRIC_CATEGORIES),
  /** The same figure over the previous period of equal length, and the change in percent. */
  previous_value: z.number().nullable(),
  change_percent: z.number().nullable(),
  description: z.string(),
  /** The population the figure counts: demo history or live activity (technical figures are measured: live). */
  source: sourceSchema,
});
export type KeyMetric = z.infer<typeof keyMetricSchema>;

const revenuePointSchema = z.object({ date: z.string(), total_revenue: z.number() });
const userPointSchema = z.object({
  date: z.string(),
  unique_users: z.number().int(),
  signups: z.number().int(),
});

export const biOverviewSchema = z.object({
  period: periodSchema,
  currency: z.literal('TRY'),
  sources: sourcesSchema,
  source: sourceSchema,
  parts: partsSchema,
  /** Only the metrics of the parts the caller may read; the trends are empty without their part. */
  key_metrics: z.array(keyMetricSchema),
  revenue_trend: z.array(revenuePointSchema),
  user_growth: z.array(userPointSchema),
});
export type BiOverview = z.infer<typeof biOverviewSchema>;

export const mrrMonthSchema = z.object({
  month: z.string(),
  start_mrr: z.number(),
  new_mrr: z.number(),
  expansion: z.number(),
  contraction: z.number(),
  churn: z.number(),
  reactivation: z.number(),
  end_mrr: z.number(),
});
export const biRevenueSchema = z.object({
  period: periodSchema,
  currency: z.literal('TRY'),
  sources: sourcesSchema,
  source: sourceSchema,
  revenue_trend: z.array(revenuePointSchema),
  monthly_revenue_by_source: z.array(z.object({ revenue_source: z.string(), total_amount: z.number() })),
  projections: z.object({
    current_month_actual: z.number(),
    current_month_projected: z.number(),
    growth_rate: z.number().nullable(),
    method: z.string(),
  }),
  mrr: z.object({
    current: z.number(),
    paying_users: z.number().int(),
    arpu: z.number().nullable(),
    grr: z.number().nullable(),
    nrr: z.number().nullable(),
  }),
  mrr_movements: z.array(mrrMonthSchema),
});
export type BiRevenue = z.infer<typeof biRevenueSchema>;

export const biUsersSchema = z.object({
  period: periodSchema,
  sources: sourcesSchema,
  source: sourceSchema,
  event_analysis: z.array(z.object({ event_type: z.string(), event_count: z.number().int() })),
  page_analysis: z.array(z.object({ page_url: z.string(), page_views: z.number().int() })),
  engagement_metrics: z.object({
    total_active_users: z.number().int(),
    total_events: z.number().int(),
    total_sessions: z.number().int(),
  }),
  active_users: z.object({
    dau: z.number().int(),
    wau: z.number().int(),
    mau: z.number().int(),
    /** Distinct active investors per day, averaged over the 30 days MAU counts. */
    avg_dau: z.number(),
    /** avg_dau / mau in percent: the same investors over the same month. */
    stickiness: z.number().nullable(),
  }),
  user_growth: z.array(userPointSchema),
  cohorts: z.array(z.object({ cohort: z.string(), size: z.number().int(), retention: z.array(z.number()) })),
  /**
   * Investors who signed up in the period at least `window_days` ago, and how many of them recorded a trade or added
   * a stock to a watchlist within `window_days` of signing up (rate in percent; null with nobody to judge).
   */
  activation: z.object({
    eligible: z.number().int(),
    activated: z.number().int(),
    rate: z.number().nullable(),
    window_days: z.number().int(),
  }),
});
export type BiUsers = z.infer<typeof biUsersSchema>;

export const endpointPerformanceSchema = z.object({
  endpoint: z.string(),
  requests: z.number().int(),
  avg_response_time: z.number(),
  p50_ms: z.number().nullable(),
  p95_ms: z.number().nullable(),
  p99_ms: z.number().nullable(),
  error_rate: z.number(),
});
export const biPerformanceSchema = z.object({
  period: periodSchema,
  endpoint_performance: z.array(endpointPerformanceSchema),
  health_metrics: z.object({
    total_requests: z.number().int(),
    avg_response_time: z.number(),
    success_rate: z.number().nullable(),
    error_rate: z.number().nullable(),
  }),
});
export type BiPerformance = z.infer<typeof biPerformanceSchema>;

/** Live only (the last 5 minutes and today); each figure is null when the caller may not read its part. */
export const biRealtimeSchema = z.object({
  parts: partsSchema,
  active_users_now: z.number().int().nullable(),
  api_calls_per_minute: z.number().int().nullable(),
  avg_response_time_ms: z.number().nullable(),
  error_rate_percent: z.number().nullable(),
  revenue_today: z.number().nullable(),
  as_of: z.string(),
});
export type BiRealtime = z.infer<typeof biRealtimeSchema>;

export const biOverviewResponseSchema = dataEnvelope(biOverviewSchema);
export const biRevenueResponseSchema = dataEnvelope(biRevenueSchema);
export const biUsersResponseSchema = dataEnvelope(biUsersSchema);
export const biPerformanceResponseSchema = dataEnvelope(biPerformanceSchema);
export const biRealtimeResponseSchema = dataEnvelope(biRealtimeSchema);

export const biExportQuerySchema = z.strictObject({
  type: z.enum(BI_EXPORT_TYPES, { error: `type must be one of ${BI_EXPORT_TYPES.join(', ')}` }),
  from: isoDay,
  to: isoDay,
  source: z.enum(BI_DATA_SOURCES, { error: 'source must be demo or live' }).optional(),
});
export type BiExportQuery = z.infer<typeof biExportQuerySchema>;

/** An investor's subscription (GET/PUT /api/subscription); `renews_at` is the end of the paid period (null on Ücretsiz). */
export const subscriptionSchema = z.object({
  plan: z.enum(PLAN_IDS),
  interval: z.enum(BILLING_INTERVALS),
  since: z.string().nullable(),
  renews_at: z.string().nullable(),
  /** The payment provider's label (the demo provider says no money is taken); null when plan changes are off. */
  provider: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionResponseSchema = dataEnvelope(subscriptionSchema);
export const changePlanRequestSchema = z.strictObject({
  plan: z.enum(PLAN_IDS, { error: `plan must be one of ${PLAN_IDS.join(', ')}` }),
  interval: z.enum(BILLING_INTERVALS, { error: 'interval must be monthly or yearly' }),
});
export type ChangePlanRequest = z.infer<typeof changePlanRequestSchema>;

/** Longest Idempotency-Key (a UUID is 36 characters). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/**
 * PUT /api/subscription's optional `Idempotency-Key` header (visible ASCII): a retry with the same key gets the first
 * answer without a second charge; the same key with a different body is refused with 422.
 */
export const idempotencyKeyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be visible ASCII characters')
    .max(
      IDEMPOTENCY_KEY_MAX_LENGTH,
      `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`,
    )
    .optional(),
});

/** One row of an investor's payment history (lira; `total` = amount + tax; refunds are negative). */
export const paymentHistoryItemSchema = z.object({
  occurred_at: z.string(),
  kind: z.enum(['charge', 'refund']),
  plan: z.enum(PLAN_IDS),
  amount: z.number(),
  tax: z.number(),
  total: z.number(),
  currency: z.literal('TRY'),
  provider: z.string(),
  reference: z.string(),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItemSchema>;
export const paymentHistoryResponseSchema = dataEnvelope(z.array(paymentHistoryItemSchema));

/** Drill-down: the sign-ups behind 'New Sign-ups' and the user-growth chart (same query as the dashboards). */
export const biSignupRowSchema = z.object({
  /** The investor's pseudonymous analytics id (no name or e-mail: decision wt-bi). */
  user_id: z.string(),
  signed_up_at: z.string(),
  date: z.string(),
  source: z.enum(['demo', 'live']),
});
export const biSignupDrilldownSchema = z.object({
  period: periodSchema,
  total: z.number().int(),
  rows: z.array(biSignupRowSchema),
});
export type BiSignupDrilldown = z.infer<typeof biSignupDrilldownSchema>;
export const biSignupDrilldownResponseSchema = dataEnvelope(biSignupDrilldownSchema);

export const biMrrDrilldownQuerySchema = z.strictObject({
  month: z
    .string({ error: 'month is required (YYYY-MM)' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'month must be a month YYYY-MM' })
    .refine((month) => month >= BI_EARLIEST_DAY.slice(0, 7) && month <= BI_LATEST_DAY.slice(0, 7), {
      error: `month must be from ${BI_EARLIEST_DAY.slice(0, 7)} to ${BI_LATEST_DAY.slice(0, 7)}`,
    }),
  source: z.enum(BI_DATA_SOURCES, { error: 'source must be demo or live' }).optional(),
});
export const biMrrRowSchema = z.object({
  user_id: z.string(),
  start_mrr: z.number(),
  end_mrr: z.number(),
  change: z.number(),
  movement: z.enum(MRR_MOVEMENT_KINDS),
});
export const biMrrDrilldownSchema = z.object({
  currency: z.literal('TRY'),
  source: sourceSchema,
  movements: mrrMonthSchema,
  rows: z.array(biMrrRowSchema),
});
export type BiMrrDrilldown = z.infer<typeof biMrrDrilldownSchema>;
export const biMrrDrilldownResponseSchema = dataEnvelope(biMrrDrilldownSchema);
