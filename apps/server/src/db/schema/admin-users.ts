// Staff accounts (admin realm) and their sessions.
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Admin staff (admin realm). Separate from customer_users, with their own sessions: a customer token is unknown to
 * the admin API and an admin token unknown to the customer API.
 */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    /** One of ADMIN_ROLES (contracts). */
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Seeded by demo mode with a published password: deactivated at any start with demo mode off, whatever its
     * e-mail or password has become since.
     */
    isDemo: boolean('is_demo').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_users_role_idx').on(t.role)],
);

/** Staff sessions: only the SHA-256 of the random token is stored; logout sets revoked_at, deleting the user removes them. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('admin_sessions_user_idx').on(t.userId), index('admin_sessions_expiry_idx').on(t.expiresAt)],
);
