import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from '@/config/env';
import { migrateDatabase, openDatabase, type Database } from '@/db/client';

/**
 * Runs an operator command on the configured database, migrated first and closed after. A bad environment is printed
 * (no stack trace) and gives exit code 1.
 */
export async function withCliDatabase(
  work: (config: AppConfig, database: Database) => Promise<number>,
): Promise<number> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await migrateDatabase(database);
    return await work(config, database);
  } finally {
    await database.close();
  }
}
