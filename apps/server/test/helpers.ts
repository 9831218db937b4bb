// Test helpers: a fresh database per suite (embedded PGlite in memory, or a throw-away database on the real
// PostgreSQL server when DATABASE_URL is set), cloned from the template that test/global-setup.ts migrated once per
// run, and an app built on it through the composition root.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { testConfig, testDatabaseUrl, type AppConfig } from '@/config/env';
import { migrateDatabase, openDatabase, type Database } from '@/db/client';
import { FixedClock, type Clock } from '@/lib/clock';
import { buildApp, type BuiltApp } from '@/app';
import type { Infrastructure, JobInfrastructure } from '@/composition/infrastructure';
import type { MarketData } from '@/market/market-data';
import type { FeedSupervisor } from '@/market/feed-supervisor';
import { MarketEngine } from '@/market/engine';
import { MarketRepository } from '@/market/market.repository';
import { SimulatedFeed } from '@/market/simulated-feed';
import { FakeMarketData } from './fake-market-data.ts';
import type { TimerPort } from '@/modules/compliance/run-triggers';

export type Backend = 'pglite' | 'postgres';

/** The backends the repository suites run on: always PGlite, and PostgreSQL when CI provides one. */
export function testBackends(): Backend[] {
  return testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

let pgliteTemplate: Blob | undefined;

function pgliteTemplateDump(): Blob {
  pgliteTemplate ??= new Blob([fs.readFileSync(inject('pgliteTemplatePath'))]);
  return pgliteTemplate;
}

/** Two test files creating from one template at the same instant: PostgreSQL refuses one; try again. */
async function createDatabaseFrom(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      const busy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!busy || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}

/** A migrated, empty database; `close` drops it again. */
export async function createTestDatabase(backend: Backend = 'pglite'): Promise<Database> {
  if (backend === 'pglite') {
    const database = await openDatabase({
      dataDir: null,
      inWorker: false,
      loadDataDir: pgliteTemplateDump(),
    });
    // A no-op on the migrated template; it keeps the database current should a migration be added mid-run.
    await migrateDatabase(database);
    return database;
  }
  const url = testDatabaseUrl();
  if (!url) throw new Error('DATABASE_URL is not set');
  const name = `bist_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await createDatabaseFrom(admin, name, inject('postgresTemplate'));
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 4 });
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  return database;
}

export interface TestApp extends BuiltApp {
  infra: Infrastructure;
  clock: FixedClock;
  close(): Promise<void>;
}

export interface TestAppOptions {
  backend?: Backend;
  config?: Partial<AppConfig>;
  /** The clock's start: a Wednesday during the session unless told otherwise. */
  now?: Date;
  market?: MarketData;
  /** A job queue (and pool) for tests of the prediction runs. */
  jobs?: (database: Database) => JobInfrastructure;
  /** The live feed's supervisor (tests of feed switching; it never starts by itself). */
  feed?: FeedSupervisor;
  /** Timers of debounced background work: a test that fires them itself passes ones that never fire alone. */
  timers?: TimerPort;
}

async function appOn(
  database: Database,
  clock: FixedClock,
  market: MarketData,
  options: TestAppOptions,
  closeMore: () => Promise<void> = async () => undefined,
): Promise<TestApp> {
  const infra: Infrastructure = {
    config: testConfig(options.config),
    database,
    clock,
    market,
    ...(options.jobs ? { jobs: options.jobs(database) } : {}),
    ...(options.feed ? { feed: options.feed } : {}),
    ...(options.timers ? { timers: options.timers } : {}),
  };
  const built = await buildApp(infra);
  await built.app.ready();
  return {
    ...built,
    infra,
    clock,
    async close() {
      await built.app.close();
      await built.services.models.runs.stop();
      await infra.jobs?.pool?.close();
      await closeMore();
      await database.close();
    },
  };
}

/** An app on a fresh database with a fixed clock and a FakeMarketData (or the given market). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(options.backend);
  const clock = new FixedClock(options.now ?? new Date('2026-11-18T09:30:00Z'));
  return appOn(database, clock, options.market ?? new FakeMarketData(), options);
}

export const TEST_MARKET_SEED = 42;

/** A market engine on the simulated feed with a short history (from `startDate`), not ticking on a timer. */
export async function createTestEngine(
  database: Database,
  clock: Clock,
  startDate = '2026-09-01',
): Promise<MarketEngine> {
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const engine = new MarketEngine({
    repo: new MarketRepository(database.db),
    provider: new SimulatedFeed(TEST_MARKET_SEED, startDate),
    clock,
    log: quiet,
  });
  await engine.start({ live: false });
  return engine;
}

/** An app with a real market engine (simulated feed, short history) at `now` (default: Wednesday 10:30 Istanbul). */
export async function createMarketTestApp(
  options: Omit<TestAppOptions, 'market' | 'feed'> & {
    startDate?: string;
    /** Builds the feed supervisor of the app's engine (stopped when the app closes). */
    feed?: (engine: MarketEngine, database: Database, clock: FixedClock) => FeedSupervisor;
  } = {},
): Promise<TestApp & { engine: MarketEngine; feed: FeedSupervisor | null }> {
  const database = await createTestDatabase(options.backend);
  const clock = new FixedClock(options.now ?? new Date('2026-11-18T07:30:00Z'));
  const engine = await createTestEngine(database, clock, options.startDate);
  const feed = options.feed?.(engine, database, clock) ?? null;
  const { feed: _builder, ...rest } = options;
  const t = await appOn(database, clock, engine, { ...rest, ...(feed ? { feed } : {}) }, async () => {
    feed?.stop();
    await engine.stop();
  });
  return { ...t, engine, feed };
}
