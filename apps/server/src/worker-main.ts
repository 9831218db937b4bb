// `npm run worker`: an ML worker process (scale-out). It takes train / predict / evaluate jobs from the same pg-boss
// queues as the API processes and runs them in its own ML_WORKERS threads. It needs DATABASE_URL: the embedded
// database belongs to the one API process that opened it (whose own pool already runs the jobs).
import { loadConfigOrExit } from '@/config/env';
import { createLogger } from '@/lib/logger';
import { migrateDatabase, openDatabase } from '@/db/client';
import { systemClock } from '@/lib/clock';
import { createJobInfrastructure } from '@/composition/infrastructure';
import { createModels } from '@/composition/models';
import { createPlatformServices } from '@/composition/services';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (config.mlWorkers === 0) {
    console.error('npm run worker needs ML_WORKERS ≥ 1: it runs the ML jobs in that many threads.');
    process.exit(1);
  }
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL (the PostgreSQL server the API processes use). With the embedded database the API process runs the ML jobs itself.',
    );
    process.exit(1);
  }
  const log = createLogger(config.logLevel).child({ process: 'ml-worker' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 4 });
  await migrateDatabase(database);
  const clock = systemClock;
  const jobs = createJobInfrastructure(database, log, config.mlWorkers);
  const { runs } = createModels(
    { config, database, clock, jobs },
    createPlatformServices({ config, database, clock }),
    log,
  );
  await runs.start();
  await runs.work();
  log.info({ threads: jobs.pool?.size }, 'ML worker taking jobs');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'ML worker stopping');
    try {
      await runs.stop();
      await jobs.pool?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
