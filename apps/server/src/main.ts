// Process entry: environment → database (migrated) → app → listen; graceful shutdown on SIGINT/SIGTERM.
import { loadConfigOrExit } from '@/config/env';
import { DatabaseInUseError, migrateDatabase, openDatabase } from '@/db/client';
import { systemClock } from '@/lib/clock';
import { buildApp } from '@/app';
import { noHealthSources, noPlatformStats, type AppContext } from '@/context';
import path from 'node:path';
import pino from 'pino';
import { STOCKS } from '@bist/market';
import { createMarketEngine } from '@/market/create-engine';
import { createQueue } from '@/jobs/queue';
import { MlJobs } from '@/jobs/ml-jobs';
import { MlWorkerPool } from '@/jobs/worker-pool';
import { PredictionsRepository } from '@/modules/predictions/predictions.repository';
import { SettingsRepository } from '@/modules/settings/settings.repository';
import { readPlatformSettings } from '@/modules/settings/settings.service';
import { DEFAULT_PLATFORM_SETTINGS, type PlatformSettings } from '@bist/contracts';

const HEARTBEAT_INTERVAL_MS = 60_000;
/** Admin settings are re-read this often, so a change saved through another process applies here too. */
const SETTINGS_REFRESH_MS = 60_000;

async function main(): Promise<void> {
  const config = loadConfigOrExit();

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  await migrateDatabase(database);

  const log = pino({ level: config.logLevel });
  // The admin's platform settings this process applies: the feed's poll interval (before each tick) and the ML
  // schedule (when scheduling and when the nightly job fires). Changes apply at once in the process that saved
  // them (onChange below) and within SETTINGS_REFRESH_MS elsewhere.
  const settingsRepo = new SettingsRepository(database.db);
  let platformSettings: PlatformSettings = await readPlatformSettings(settingsRepo).catch(
    () => DEFAULT_PLATFORM_SETTINGS,
  );
  const engine = await createMarketEngine({
    database,
    config,
    clock: systemClock,
    log: log.child({ module: 'market' }),
    tickMs: () => platformSettings.market_poll_interval_ms,
  });
  log.info(
    { feed: engine.providerName },
    'market engine starting (the first start writes the daily history)',
  );
  await engine.start();

  // ML jobs: pg-boss on the same database, CPU work in ML_WORKERS worker threads (started after listen, below).
  const mlPool = new MlWorkerPool(config.mlWorkers);
  const mlJobs = new MlJobs({
    repo: new PredictionsRepository(database.db),
    boss: createQueue(database, log.child({ module: 'jobs' })),
    pool: mlPool,
    clock: systemClock,
    log: log.child({ module: 'ml' }),
    nightlySchedule: async () => {
      platformSettings = await readPlatformSettings(settingsRepo);
      return { time: platformSettings.ml_schedule_time, enabled: platformSettings.ml_auto_retrain };
    },
  });

  const ctx: AppContext = {
    config,
    database,
    clock: systemClock,
    stats: {
      ...noPlatformStats,
      universe: () => ({ stocks: STOCKS.length, indices: engine.indexDefinitions.length }),
      algorithms: async () => (await services.predictions.activeAlgorithmCount()) || null,
    },
    market: engine,
    marketEngine: engine,
    health: { ...noHealthSources, marketFeed: () => engine.health(), jobQueue: () => mlJobs.health() },
    mlJobs,
  };
  const { app, services } = await buildApp(ctx);
  // Demo staff for every role (demo mode only; idempotent): README.md lists them.
  const demoStaffCreated = await app.adminPlatform.auth.seedDemoStaff();
  if (demoStaffCreated > 0) app.log.info({ created: demoStaffCreated }, 'demo staff accounts seeded');
  const pruneAdminFailures = setInterval(
    () =>
      void app.adminPlatform.auth
        .pruneFailures()
        .catch((error: unknown) => app.log.warn({ err: error }, 'admin prune failed')),
    15 * 60_000,
  );

  app.adminPlatform.settings.onChange(async (settings, changed) => {
    platformSettings = settings;
    if (changed.includes('ml_schedule_time')) {
      try {
        const cron = await mlJobs.schedule();
        app.log.info({ cron }, 'nightly ML run moved');
      } catch (error) {
        app.log.error({ err: error }, 'could not move the nightly ML run');
      }
    }
  });
  const refreshSettings = setInterval(() => {
    readPlatformSettings(settingsRepo).then(
      (settings) => (platformSettings = settings),
      (error: unknown) => app.log.warn({ err: error }, 'settings refresh failed'),
    );
  }, SETTINGS_REFRESH_MS);
  refreshSettings.unref();

  const beat = () =>
    services.system
      .recordHeartbeat()
      .catch((error: unknown) => app.log.warn({ err: error }, 'heartbeat failed'));
  await beat();
  const heartbeat = setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS);
  const prune = setInterval(
    () =>
      void services.auth
        .pruneFailures()
        .catch((error: unknown) => app.log.warn({ err: error }, 'prune failed')),
    15 * 60_000,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(heartbeat);
    clearInterval(prune);
    clearInterval(pruneAdminFailures);
    clearInterval(refreshSettings);
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await app.close();
      await mlJobs.stop();
      await mlPool.close();
      await engine.stop();
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, demoMode: config.demoMode, dataDir: config.dataDir, feed: config.marketFeed },
    `BIST AI listening on http://localhost:${config.port}`,
  );
  // In the background: the API answers while the queue starts and, on a first start, the initial training runs.
  void startMlJobs(
    mlJobs,
    services.predictions,
    database.kind === 'embedded',
    config.mlInitialTraining,
    app.log,
  );
}

/** Starts the queue, its workers and the after-close schedule; with no trained model yet, queues train → predict → evaluate. */
async function startMlJobs(
  mlJobs: MlJobs,
  predictions: { hasTrainedModels(): Promise<boolean> },
  ownsDatabase: boolean,
  initialTraining: boolean,
  log: { info(o: object, m?: string): void; error(o: object, m?: string): void },
): Promise<void> {
  try {
    await mlJobs.start();
    // The embedded database has one process: a run still 'running' was cut off by the last stop.
    if (ownsDatabase) await mlJobs.failInterruptedRuns();
    await mlJobs.work();
    await mlJobs.schedule();
    if (initialTraining && !(await predictions.hasTrainedModels()) && !(await mlJobs.hasActiveTraining())) {
      const run = await mlJobs.request('train', { requestedBy: 'first_start', chain: true });
      log.info(
        { runId: run.id },
        'no trained models yet: initial training queued (train → predict → evaluate)',
      );
    }
  } catch (error) {
    log.error({ err: error }, 'ML job queue failed to start');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof DatabaseInUseError ? error.message : error);
  process.exit(1);
});
