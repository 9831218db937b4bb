import { sql } from 'drizzle-orm';
import { bigserial, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customerUsers } from './auth.ts';
import { createdAt } from './columns.ts';

/** Price alerts; `triggered_at` is set once by an atomic `update … where triggered_at is null`. */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => customerUsers.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    direction: text('direction').notNull(),
    thresholdTry: numeric('threshold_try', { precision: 20, scale: 6, mode: 'number' }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    triggeredPriceTry: numeric('triggered_price_try', { precision: 20, scale: 6, mode: 'number' }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.createdAt),
    index('price_alerts_active_symbol_idx')
      .on(t.symbol)
      .where(sql`${t.triggeredAt} is null`),
  ],
);
