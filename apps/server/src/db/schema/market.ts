import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Daily OHLCV of stocks and indices. `source` says where a bar came from: simulated, import, yahoo or computed (indices). */
export const dailyBars = pgTable(
  'daily_bars',
  {
    symbol: text('symbol').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    openTry: doublePrecision('open_try').notNull(),
    highTry: doublePrecision('high_try').notNull(),
    lowTry: doublePrecision('low_try').notNull(),
    closeTry: doublePrecision('close_try').notNull(),
    volumeShares: doublePrecision('volume_shares').notNull(),
    turnoverTry: doublePrecision('turnover_try').notNull(),
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.date] }), index('daily_bars_date_idx').on(t.date)],
);

/** 1-minute bars of the current and recent sessions (pruned after a few trading days). */
export const minuteBars = pgTable(
  'minute_bars',
  {
    symbol: text('symbol').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    openTry: doublePrecision('open_try').notNull(),
    highTry: doublePrecision('high_try').notNull(),
    lowTry: doublePrecision('low_try').notNull(),
    closeTry: doublePrecision('close_try').notNull(),
    volumeShares: doublePrecision('volume_shares').notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.minute] }), index('minute_bars_minute_idx').on(t.minute)],
);

/** Engine state that must survive restarts: simulation start, seed, index divisors, import anchors. */
export const marketState = pgTable('market_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Progress of the real provider's history backfill, one row per symbol (stocks and indices; decision 0052): how far
 * its daily bars have been fetched, whether it is done, has no data at the provider or failed (with the reason and the
 * attempts made). A restart resumes from these rows.
 */
export const marketBackfill = pgTable(
  'market_backfill',
  {
    symbol: text('symbol').primaryKey(),
    /** 'stock' or 'index'. */
    kind: text('kind').notNull(),
    /** Fetch order: 0 = XU100 members, 1 = the rest of the universe, 2 = indices. */
    priority: integer('priority').notNull(),
    /** 'pending', 'done', 'no_data' (the provider has no chart for it) or 'failed'. */
    status: text('status').notNull(),
    /** The last day whose bars are fetched (null: none yet). */
    lastDate: date('last_date', { mode: 'string' }),
    bars: integer('bars').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    failure: text('failure'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('market_backfill_order_idx').on(t.priority, t.symbol)],
);

/**
 * The backfill's fetched bars until the whole history is installed into daily_bars in one transaction (the live
 * feed keeps serving the old history meanwhile; decision 0052). Keyed like daily_bars, so a re-fetch replaces.
 */
export const marketBackfillBars = pgTable(
  'market_backfill_bars',
  {
    symbol: text('symbol').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    openTry: doublePrecision('open_try').notNull(),
    highTry: doublePrecision('high_try').notNull(),
    lowTry: doublePrecision('low_try').notNull(),
    closeTry: doublePrecision('close_try').notNull(),
    volumeShares: doublePrecision('volume_shares').notNull(),
    turnoverTry: doublePrecision('turnover_try').notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.date] })],
);

/**
 * Splits, bonus issues and cash dividends as the provider reports them (Yahoo's chart events; decision 0052). A split
 * of `numerator` for `denominator` on `date` multiplies shares by numerator/denominator from that day on.
 */
export const corporateActions = pgTable(
  'corporate_actions',
  {
    symbol: text('symbol').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** 'split' (bonus issues included) or 'dividend'. */
    kind: text('kind').notNull(),
    numerator: doublePrecision('numerator'),
    denominator: doublePrecision('denominator'),
    /** A dividend's cash amount per share. */
    amountTry: doublePrecision('amount_try'),
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.date, t.kind] })],
);
