import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';

import { customerUsers } from './auth.ts';
import { createdAt } from './columns.ts';

/**
 * One row per investor with a ledger. `ledger_version` is bumped in the same database transaction as every ledger
 * write; the row is locked (`for update`) while a write validates the whole ledger, so concurrent writes of one
 * investor serialise, and other server processes see the new version to drop their cached replay.
 */
export const portfolioAccounts = pgTable('portfolio_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => customerUsers.id, { onDelete: 'cascade' }),
  ledgerVersion: integer('ledger_version').notNull().default(0),
  /**
   * The investor's cash rule: false (default) refuses a transaction that would take cash below zero; true lets cash
   * go negative (buys recorded without tracking the cash that paid for them).
   */
  allowNegativeCash: boolean('allow_negative_cash').notNull().default(false),
  createdAt: createdAt(),
});

/** The investor's ledger: buy, sell, deposit, withdraw, dividend, fee. Replayed in (trade_date, id) order. */
export const portfolioTransactions = pgTable(
  'portfolio_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => customerUsers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    symbol: text('symbol'),
    quantity: integer('quantity'),
    priceTry: numeric('price_try', { precision: 20, scale: 6, mode: 'number' }),
    commissionTry: numeric('commission_try', { precision: 20, scale: 6, mode: 'number' })
      .notNull()
      .default(0),
    amountTry: numeric('amount_try', { precision: 20, scale: 6, mode: 'number' }),
    note: text('note'),
    /** Written by 'Demo portföy yükle'; removed together by 'Demo verisini kaldır'. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('portfolio_transactions_user_idx').on(t.userId, t.tradeDate, t.id)],
);

/**
 * Split offers the investor declined ('Yoksay'): a split of this stock, date and ratio is not offered again. A
 * corrected ratio from the provider is a new offer. Erased with the investor (KVKK).
 */
export const splitOfferDismissals = pgTable(
  'split_offer_dismissals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => customerUsers.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    actionDate: date('action_date', { mode: 'string' }).notNull(),
    numerator: doublePrecision('numerator').notNull(),
    denominator: doublePrecision('denominator').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.symbol, t.actionDate, t.numerator, t.denominator] })],
);
