import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { customerUsers } from './auth.ts';
import { createdAt } from './columns.ts';

export const watchlistItems = pgTable(
  'watchlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => customerUsers.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.symbol] })],
);
