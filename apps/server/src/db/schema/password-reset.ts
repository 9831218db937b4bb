// Account recovery: password-reset tokens for both realms.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Password-reset links: only the SHA-256 of the random token is stored. A token works once (`used_at`), until
 * `expires_at`; using one ends every other token of the account. `realm` is 'admin' (admin_users) or 'customer'
 * (customer_users); no foreign key, so one table serves both (a deleted account's tokens simply find no user).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realm: text('realm').notNull(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.realm, t.userId)],
);
