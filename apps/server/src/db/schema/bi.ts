// Business intelligence: request metrics (one row per minute × route × method × status class, never per request),
// product events (no IP address, no user agent: visitors are salted daily hashes), subscriptions and the payments
// ledger, and the idempotency keys of requests that must take effect once (a plan change charges once however
// often it is sent). Every row of product data says whether it is demo seed data or live activity (`source`).
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Request counts and latency histograms per minute, route template, method and status class. */
export const requestMetrics = pgTable(
  'request_metrics',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    statusClass: smallint('status_class').notNull(),
    count: integer('count').notNull(),
    sumMs: doublePrecision('sum_ms').notNull(),
    maxMs: doublePrecision('max_ms').notNull(),
    /** Counters of the fixed latency buckets (lib/latency-histogram.ts). */
    buckets: integer('buckets').array().notNull(),
  },
  (t) => [index('request_metrics_minute_idx').on(t.minute)],
);

/** The salt of one day's visitor hashes; a day's salt is deleted once the day is over (hashes cannot be redone). */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
});

/** Product events and page views. No IP address or user agent is stored in any analytics table (a test checks). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    eventType: text('event_type').notNull(),
    /** Route template of a page view (`/hisseler/:symbol`), never the raw URL. */
    page: text('page'),
    /** Salted daily hash: the same visitor is a different key tomorrow. */
    visitorKey: text('visitor_key').notNull(),
    sessionKey: text('session_key').notNull(),
    /** The signed-in investor, when there was one (active-user and retention figures count these). */
    userId: uuid('user_id'),
    source: text('source').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    index('analytics_events_occurred_idx').on(t.occurredAt),
    index('analytics_events_user_idx').on(t.userId, t.occurredAt),
  ],
);

/** Sign-ups (registration or demo login) as the BI figures count them, seeded demo sign-ups included. */
export const analyticsSignups = pgTable(
  'analytics_signups',
  {
    userId: uuid('user_id').primaryKey(),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
  },
  (t) => [index('analytics_signups_at_idx').on(t.signedUpAt)],
);

/**
 * Subscription history, append-only: start, upgrade, downgrade, cancel, renew. An investor's subscription is their
 * latest row; `mrr_kurus` is their monthly recurring revenue after the change (0 after a cancel).
 */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    planId: text('plan_id').notNull(),
    billingInterval: text('billing_interval').notNull(),
    mrrKurus: integer('mrr_kurus').notNull(),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_events_user_idx').on(t.userId, t.occurredAt)],
);

/** The payments ledger, append-only: charges positive, refunds negative rows; amounts net of tax, in kuruş (TRY). */
export const payments = pgTable(
  'payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    planId: text('plan_id').notNull(),
    amountKurus: integer('amount_kurus').notNull(),
    taxKurus: integer('tax_kurus').notNull(),
    currency: text('currency').notNull(),
    /** The payment provider that took it ('demo' in demo mode) and its reference; never card data. */
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payments_occurred_idx').on(t.occurredAt)],
);

/**
 * Idempotency keys (the `Idempotency-Key` header) per owner and operation: the first answer is kept with a hash of
 * its request, so a replay gets that answer and a different request under the same key is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    operation: text('operation').notNull(),
    ownerId: uuid('owner_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.operation, t.ownerId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
