import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { createdAt } from './columns.ts';

/** Investors (customer realm). Admin staff live in their own table and never share sessions. */
export const customerUsers = pgTable('customer_users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull().default('investor'),
  avatarUrl: text('avatar_url'),
  /** Created by the demo-mode login (an unknown e-mail), not by registration. */
  createdByDemoLogin: boolean('created_by_demo_login').notNull().default(false),
  createdAt: createdAt(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  /** The aydınlatma metni (PRIVACY_NOTICE_VERSION) acknowledged at registration; null for a demo-login account. */
  privacyNoticeVersion: text('privacy_notice_version'),
  privacyNoticeAcknowledgedAt: timestamp('privacy_notice_acknowledged_at', { withTimezone: true }),
  /** Açık rıza for campaign e-mails (optional); null when not given. */
  marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
});

/** Customer sessions: only the SHA-256 of the random token is stored; logout sets revoked_at. */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => customerUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('customer_sessions_user_idx').on(t.userId)],
);
