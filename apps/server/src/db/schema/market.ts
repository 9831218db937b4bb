import {
  date,
  doublePrecision,
  index,
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
