import { sql } from 'drizzle-orm';
import { pgTable, timestamp } from 'drizzle-orm/pg-core';

/** One row per minute in which a server process was up; uptime is measured from these, across restarts. */
export const systemHeartbeats = pgTable('system_heartbeats', {
  minute: timestamp('minute', { withTimezone: true }).primaryKey(),
  recordedAt: timestamp('recorded_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
