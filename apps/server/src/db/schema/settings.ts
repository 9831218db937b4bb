import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Platform settings: one JSON document per key ('platform'), with who changed it last. */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedById: uuid('updated_by_id'),
  updatedByEmail: text('updated_by_email').notNull(),
});
