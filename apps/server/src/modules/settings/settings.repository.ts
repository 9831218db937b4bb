import { eq } from 'drizzle-orm';
import { platformSettings } from '@/db/schema/index';
import type { DbExecutor } from '@/db/executor';

export type SettingsRow = typeof platformSettings.$inferSelect;

export class SettingsRepository {
  constructor(private readonly db: DbExecutor) {}

  async find(key: string, executor: DbExecutor = this.db): Promise<SettingsRow | undefined> {
    const rows = await executor.select().from(platformSettings).where(eq(platformSettings.key, key)).limit(1);
    return rows[0];
  }

  async upsert(row: SettingsRow, executor: DbExecutor = this.db): Promise<void> {
    await executor
      .insert(platformSettings)
      .values(row)
      .onConflictDoUpdate({
        target: platformSettings.key,
        set: {
          value: row.value,
          updatedAt: row.updatedAt,
          updatedById: row.updatedById,
          updatedByEmail: row.updatedByEmail,
        },
      });
  }

  /** Runs `fn` in a transaction that holds the settings row lock, so concurrent updates apply one after another. */
  async transaction<T>(
    key: string,
    fn: (tx: DbExecutor, current: SettingsRow | undefined) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(platformSettings)
        .where(eq(platformSettings.key, key))
        .for('update')
        .limit(1);
      return fn(tx, rows[0]);
    });
  }
}
