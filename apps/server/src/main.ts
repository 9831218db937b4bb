// Process entry of the API server: environment → database (migrated) → staff realm and settings → market engine →
// job queue → app → listen; background tasks and the ML queue after; graceful shutdown on SIGINT/SIGTERM.
import path from 'node:path';
import { loadConfigOrExit } from '@/config/env';
import { createEvdsClient } from '@/modules/reference-series/evds-client';
import { createLogger } from '@/lib/logger';
import { listeningLine } from '@/lib/listen-address';
import { DatabaseInUseError, migrateDatabase, openDatabase } from '@/db/client';
import { offsetClock, systemClock } from '@/lib/clock';
import { buildApp } from '@/app';
import { createMarketEngine } from '@/market/create-engine';
import { FeedOwnership } from '@/market/feed-ownership';
import { FeedSupervisor, initialFeed } from '@/market/feed-supervisor';
import { MarketRepository } from '@/market/market.repository';
import { probeProvider } from '@/market/yahoo/probe';
import { createJobInfrastructure } from '@/composition/infrastructure';
import { createPlatformServices } from '@/composition/services';
import {
  startBackground,
  startComplianceJobs,
  startMlJobs,
  startReferenceSeries,
} from '@/composition/background';
import { createYahooClient } from '@/market/yahoo/yahoo-client';

const SHUTDOWN_TIMEOUT_MS = 15_000;

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel);
  // MARKET_FEED=auto: the real provider is asked now, while the database opens; its answer is used if it has come by
  // the time the engine starts (it never holds the server up), otherwise the supervisor acts on it later.
  const probeTimeout = config.marketProbeTimeoutMs ? { timeoutMs: config.marketProbeTimeoutMs } : {};
  const firstProbe =
    config.marketFeed === 'auto' ? observed(probeProvider(config.marketProviderUrl, probeTimeout)) : null;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  await migrateDatabase(database);
  const clock = systemClock;

  // The staff realm first: the market engine reads the admin's poll interval before each tick.
  const platform = createPlatformServices({ config, database, clock }, log);
  await platform.settings.refresh();
  const marketLog = log.child({ module: 'market' });
  const tickMs = () => platform.settings.current().market_poll_interval_ms;
  const marketClock = offsetClock(config.marketClockOffsetMs);
  // The admin's saved 'Market feed' over MARKET_FEED (decision 0044).
  const feedMode = platform.settings.current().market_feed;
  const marketRepo = new MarketRepository(database.db);
  const engine = await createMarketEngine({
    database,
    config,
    clock: marketClock,
    log: marketLog,
    tickMs,
    feed: await initialFeed(feedMode, firstProbe?.value, marketRepo),
  });
  const feedSupervisor = new FeedSupervisor({
    engine,
    repo: marketRepo,
    config,
    clock: marketClock,
    log: marketLog,
    ...(config.marketProbeTimeoutMs ? { probeTimeoutMs: config.marketProbeTimeoutMs } : {}),
    ...(firstProbe ? { firstProbe: firstProbe.promise } : {}),
  });
  log.info(
    { feed: engine.providerName, mode: feedMode, clockOffsetMs: config.marketClockOffsetMs || undefined },
    'market engine starting (the first start writes the daily history)',
  );
  // On PostgreSQL several API processes may share the database: one owns the feed, the others follow it.
  const feed = config.databaseUrl
    ? new FeedOwnership({
        engine,
        db: database.db,
        connectionString: config.databaseUrl,
        log: marketLog,
        pollMs: tickMs,
      })
    : null;
  if (feed) await feed.start();
  else await engine.start();

  const jobs = createJobInfrastructure(database, log, config.mlWorkers || null);
  const { app, services } = await buildApp(
    { config, database, clock, market: engine, feed: feedSupervisor, jobs },
    platform,
  );
  // In the background: 'auto' probes the provider and moves to the real feed when it answers.
  feedSupervisor
    .start(feedMode)
    .catch((error: unknown) => marketLog.error({ err: error }, 'market feed could not be started'));
  // Demo staff for every role in demo mode (idempotent; README.md lists them); outside it, none may still sign in.
  const demoStaff = await services.adminAuth.prepareDemoStaff();
  if (demoStaff.created > 0) app.log.info({ created: demoStaff.created }, 'demo staff accounts seeded');
  if (demoStaff.deactivated.length > 0)
    app.log.warn(
      { accounts: demoStaff.deactivated },
      'demo mode is off: demo staff accounts that still had their published passwords are deactivated',
    );
  if (config.demoMode)
    app.log.warn(
      { host: config.host },
      'DEMO MODE: the demo staff accounts (published passwords, super_admin included) are active and any e-mail signs an investor in; set DEMO_MODE=false for real use',
    );
  if (config.biDemoSeed) {
    const started = Date.now();
    if (await services.bi.seedDemoHistory())
      app.log.info(
        { ms: Date.now() - started },
        'BI: 12 months of labelled demo history seeded (BI_DEMO_SEED=false to skip)',
      );
  }
  const stopBackground = await startBackground(services, app.log);
  const stopReferenceSeries = await startReferenceSeries(
    services,
    {
      // The real feed, or a provider the operator pointed the server at (a caching proxy, the fake one in e2e).
      active: () => engine.providerName === 'yahoo' || config.marketProviderUrl !== undefined,
      client: createYahooClient({
        log: app.log,
        ...(config.marketProviderUrl ? { baseUrl: config.marketProviderUrl } : {}),
      }),
    },
    app.log,
    {},
    // TCMB EVDS fills TÜFE, FX and the deposit rate when a key is configured (decision 0067).
    config.evdsApiKey
      ? createEvdsClient({ key: config.evdsApiKey, baseUrl: config.evdsUrl, log: app.log, clock })
      : null,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    stopBackground();
    stopReferenceSeries();
    feedSupervisor.stop();
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      await app.close();
      await services.models.runs.stop();
      await jobs.pool?.close();
      await (feed ? feed.stop() : engine.stop());
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
    {
      database: database.kind,
      demoMode: config.demoMode,
      dataDir: config.dataDir,
      feed: engine.providerName,
    },
    listeningLine(app.addresses()),
  );
  // In the background: the API answers while the queue starts and, on a first start, the initial training runs.
  void startMlJobs(
    services,
    {
      ownsDatabase: database.kind === 'embedded',
      initialTraining: config.mlInitialTraining,
      runsJobs: config.mlWorkers > 0,
    },
    app.log,
  ).then(() =>
    startComplianceJobs(services, jobs.queue.started ? jobs.compliance : undefined, app.log, engine),
  );
}

/** A promise whose value can be read without waiting for it (undefined until it has settled). */
function observed<T>(promise: Promise<T>): { promise: Promise<T>; value: T | undefined } {
  const box: { promise: Promise<T>; value: T | undefined } = { promise, value: undefined };
  void promise.then((value) => {
    box.value = value;
  });
  return box;
}

main().catch((error: unknown) => {
  console.error(error instanceof DatabaseInUseError ? error.message : error);
  process.exit(1);
});
