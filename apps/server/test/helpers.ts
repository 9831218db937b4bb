// Test helpers: a fresh database per suite (embedded PGlite in memory, or a throw-away database on the
// real PostgreSQL server when DATABASE_URL is set) and an app built on it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testConfig, testDatabaseUrl, type AppConfig } from '@/config/env';
import { migrateDatabase, openDatabase, type Database } from '@/db/client';
import { FixedClock } from '@/lib/clock';
import { buildApp, type BuiltApp } from '@/app';
import { noHealthSources, noPlatformStats, type AppContext } from '@/context';
import type { MarketData } from '@/market/market-data';
import { FakeMarketData } from './fake-market-data.ts';
import { MarketEngine } from '@/market/engine';
import { MarketRepository } from '@/market/market.repository';
import { SimulatedFeed } from '@/market/simulated-feed';
import type { Clock } from '@/lib/clock';

export type Backend = 'pglite' | 'postgres';

/** The backends the repository suites run on: always PGlite, and PostgreSQL when CI provides one. */
export function testBackends(): Backend[] {
  return testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

/** A migrated, empty database; `close` drops it again. */
export async function createTestDatabase(backend: Backend = 'pglite'): Promise<Database> {
  if (backend === 'pglite') {
    const database = await openDatabase({ dataDir: null, inWorker: false });
    await migrateDatabase(database);
    return database;
  }
  const url = testDatabaseUrl();
  if (!url) throw new Error('DATABASE_URL is not set');
  const name = `bist_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 4 });
  await migrateDatabase(database);
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
  ctx: AppContext;
  clock: FixedClock;
  close(): Promise<void>;
}

/** An app on a fresh database with a fixed clock (a Wednesday during the session unless told otherwise). */
export async function createTestApp(
  options: { backend?: Backend; config?: Partial<AppConfig>; now?: Date; market?: MarketData } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options.backend);
  const clock = new FixedClock(options.now ?? new Date('2026-11-18T09:30:00Z'));
  const ctx: AppContext = {
    config: testConfig(options.config),
    database,
    clock,
    stats: noPlatformStats,
    market: options.market ?? new FakeMarketData(),
    health: noHealthSources,
  };
  const built = await buildApp(ctx);
  await built.app.ready();
  return {
    ...built,
    ctx,
    clock,
    async close() {
      await built.app.close();
      await database.close();
    },
  };
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
  options: { backend?: Backend; now?: Date; startDate?: string } = {},
): Promise<TestApp & { engine: MarketEngine }> {
  const database = await createTestDatabase(options.backend);
  const clock = new FixedClock(options.now ?? new Date('2026-11-18T07:30:00Z'));
  const engine = await createTestEngine(database, clock, options.startDate);
  const ctx: AppContext = {
    config: testConfig(),
    database,
    clock,
    stats: noPlatformStats,
    market: engine,
    marketEngine: engine,
    health: { ...noHealthSources, marketFeed: () => engine.health() },
  };
  const built = await buildApp(ctx);
  await built.app.ready();
  return {
    ...built,
    ctx,
    clock,
    engine,
    async close() {
      await built.app.close();
      await engine.stop();
      await database.close();
    },
  };
}
