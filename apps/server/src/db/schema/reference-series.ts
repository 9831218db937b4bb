import { date, doublePrecision, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The reference series returns are measured against (decision 0063): the monthly consumer price index (TÜFE),
 * USD/TRY and EUR/TRY, gram gold in TRY and the deposit benchmark rate. One row per series: where its values came
 * from last, when they were published (the provider's or the file's date) and its latest value.
 */
export const referenceSeries = pgTable('reference_series', {
  code: text('code').primaryKey(),
  /** Where the latest values came from: 'shipped' (the CPI history in the code), 'yahoo', 'import', 'evds'. */
  source: text('source').notNull(),
  /** The date the source published the latest values (for the CPI: when the month's figure came out). */
  publishedAt: date('published_at', { mode: 'string' }),
  lastDate: date('last_date', { mode: 'string' }),
  lastValue: doublePrecision('last_value'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Values per date; a monthly series is stored on the first day of its month. */
export const referenceSeriesValues = pgTable(
  'reference_series_values',
  {
    code: text('code').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    value: doublePrecision('value').notNull(),
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.date] })],
);
