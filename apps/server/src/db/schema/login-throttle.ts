import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sign-in attempts per account and per address, for each realm ('customer', 'admin'). One row per key, changed by
 * single atomic statements: an attempt is counted before its password is checked, so simultaneous guesses cannot
 * pass the limit. `lockLevel` counts the locks in a row (each one twice as long, up to a cap).
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    realm: text('realm').notNull(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    attempts: integer('attempts').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockLevel: integer('lock_level').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.realm, t.scope, t.key] })],
);
