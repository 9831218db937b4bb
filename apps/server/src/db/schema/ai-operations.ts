import { doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A performance alert: an algorithm's health check at 'critical' (decision rule in @bist/contracts ai-health). One
 * row per algorithm × check while it lasts: first and last seen, resolved when the check recovers.
 */
export const mlPerformanceAlerts = pgTable(
  'ml_performance_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    algorithmId: text('algorithm_id').notNull(),
    check: text('check').notNull(),
    value: doublePrecision('value'),
    threshold: doublePrecision('threshold'),
    detail: text('detail').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('ml_performance_alerts_open_idx').on(t.algorithmId, t.check, t.resolvedAt)],
);
