import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { customerUsers } from './auth.ts';

/**
 * KVKK requests of investors (access: the data export; erasure: the account's deletion), each with its 30-day legal
 * deadline. `user_id` links the investor while the account exists and is cleared by the erasure (and by the foreign
 * key when the account row goes); `reference` is random and the only subject identifier left afterwards. No e-mail or
 * name is stored here: the compliance page reads the e-mail through `user_id`.
 */
export const kvkkRequests = pgTable(
  'kvkk_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** access | erasure */
    type: text('type').notNull(),
    /** received | completed */
    status: text('status').notNull(),
    reference: text('reference').notNull().unique(),
    userId: uuid('user_id').references(() => customerUsers.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Counts per table of what was exported, deleted, pseudonymised or unlinked. */
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('kvkk_requests_requested_idx').on(t.requestedAt),
    index('kvkk_requests_user_idx').on(t.userId),
  ],
);
