import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { testDatabaseUrl } from '@/config/env';
import type { Database } from '@/db/client';
import { FixedClock } from '@/lib/clock';
import { createTestDatabase, TEST_MARKET_SEED } from '@test/helpers';
import { MarketEngine } from './engine.ts';
import { FeedOwnership, LIVE_QUOTES_KEY } from './feed-ownership.ts';
import { MarketRepository } from './market.repository.ts';
import type { Quote } from './market-data.ts';
import { SimulatedFeed } from './simulated-feed.ts';

/** The simulated feed, counting what is asked of it: a follower must never call the provider. */
class CountingFeed extends SimulatedFeed {
  calls = 0;
  override async snapshots(...args: Parameters<SimulatedFeed['snapshots']>) {
    this.calls += 1;
    return super.snapshots(...args);
  }
  override async dailyBars(...args: Parameters<SimulatedFeed['dailyBars']>) {
    this.calls += 1;
    return super.dailyBars(...args);
  }
}

interface Process {
  name: string;
  engine: MarketEngine;
  feed: FeedOwnership;
  provider: CountingFeed;
  heard: Quote[][];
  logs: string[];
}

// Feed ownership needs PostgreSQL (advisory locks, LISTEN/NOTIFY between connections); the embedded database has one
// process, which simply owns the feed. CI sets DATABASE_URL.
describe.skipIf(!testDatabaseUrl())('Feed ownership: two engines on one PostgreSQL database', () => {
  let database: Database;
  const clock = new FixedClock(new Date('2026-11-18T07:30:00Z')); // Wednesday 10:30 Istanbul, session open
  let a: Process;
  let b: Process;

  function processOn(name: string): Process {
    const provider = new CountingFeed(TEST_MARKET_SEED, '2026-09-01');
    const logs: string[] = [];
    const log = {
      info: (_obj: object, msg?: string) => logs.push(`info ${msg ?? ''}`),
      warn: (_obj: object, msg?: string) => logs.push(`warn ${msg ?? ''}`),
      error: (_obj: object, msg?: string) => logs.push(`error ${msg ?? ''}`),
    };
    // Ticks are driven by the test (engine.tick); the timers would only fire after a minute.
    const engine = new MarketEngine({
      repo: new MarketRepository(database.db),
      provider,
      clock,
      log,
      tickMs: 60_000,
    });
    const heard: Quote[][] = [];
    engine.onQuotes((quotes) => heard.push([...quotes]));
    const connectionString = (database.pool.options as { connectionString: string }).connectionString;
    const feed = new FeedOwnership({
      engine,
      db: database.db,
      connectionString,
      log,
      pollMs: () => 60_000,
      lockRetryMs: 100,
      processName: name,
    });
    return { name, engine, feed, provider, heard, logs };
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    a = processOn('A');
    b = processOn('B');
    await a.feed.start();
    await b.feed.start();
  });
  afterAll(async () => {
    await a?.feed.stop();
    await b?.feed.stop();
    await database?.close();
  });

  it('gives the feed to exactly one process; the other follows without calling the provider', async () => {
    expect(a.engine.feedRole).toBe('owner');
    expect(b.engine.feedRole).toBe('follower');
    expect(a.provider.calls).toBeGreaterThan(0);
    expect(b.provider.calls).toBe(0);
    expect(a.logs).toContain(
      'info market feed ownership taken: this process now polls the provider and publishes quotes',
    );
    expect(b.logs).toContain('info market feed: following');
    // The follower loaded what the owner published at its start: the same generation, the same prices.
    expect(b.engine.generation).toBe(a.engine.generation);
    expect(b.engine.quote('THYAO')).toEqual(a.engine.quote('THYAO'));
    expect(b.engine.quote('XU100')?.priceTry).toBe(a.engine.quote('XU100')?.priceTry);
    expect(b.engine.stockQuotes()).toHaveLength(a.engine.stockQuotes().length);
  });

  it('says owner or follower in the feed health', () => {
    expect(a.engine.health().detail).toMatch(/^Feed owner \(this process\): /);
    expect(b.engine.health()).toEqual({
      status: a.engine.feedHealth().status,
      detail: `Follower of the feed owner A: ${a.engine.feedHealth().detail}`,
    });
  });

  it("brings the owner's ticks to the follower (NOTIFY) and its quote listeners hear the changes", async () => {
    const before = a.engine.generation;
    const heardBefore = b.heard.length;
    clock.advanceMs(60_000);
    await a.engine.tick();
    await a.feed.settled();
    expect(a.engine.generation).toBe(before + 1);
    // No poll within the test's time (60 s): only the notification can bring it.
    await vi.waitFor(() => expect(b.engine.generation).toBe(a.engine.generation), { timeout: 5_000 });
    expect(b.engine.quote('THYAO')).toEqual(a.engine.quote('THYAO'));
    expect(b.heard.length).toBe(heardBefore + 1);
    expect(b.heard.at(-1)?.some((q) => q.symbol === 'THYAO')).toBe(true);
    expect(b.provider.calls).toBe(0);
    const row = await database.db.execute<{ generation: number; owner: string }>(
      sql`select (value->>'generation')::int as generation, value->>'owner' as owner from market_state where key = ${LIVE_QUOTES_KEY}`,
    );
    expect(row.rows[0]).toEqual({ generation: a.engine.generation, owner: 'A' });
  });

  it('hands the feed to the follower when the owner loses its connection, and the old owner follows', async () => {
    const generation = a.engine.generation;
    // The owner's lock connection dies (as when its process is killed): PostgreSQL releases the lock.
    const holders = await database.db.execute<{ pid: number }>(
      sql`select pid from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`,
    );
    expect(holders.rows).toHaveLength(1);
    await database.db.execute(sql`select pg_terminate_backend(${holders.rows[0]!.pid})`);

    // Well within the 30 s a follower has to take over (a loaded CI machine is slow).
    await vi.waitFor(() => expect(a.engine.feedRole).toBe('follower'), { timeout: 30_000 });
    await vi.waitFor(() => expect(b.engine.feedRole).toBe('owner'), { timeout: 30_000 });
    await b.feed.settled();
    expect(a.logs).toContain('warn market feed connection lost');
    expect(b.logs).toContain(
      'info market feed ownership taken: this process now polls the provider and publishes quotes',
    );
    expect(b.provider.calls).toBeGreaterThan(0);
    // The new owner continues the generation (caches keyed by it never see it go back).
    expect(b.engine.generation).toBeGreaterThanOrEqual(generation);

    const callsOfA = a.provider.calls;
    clock.advanceMs(60_000);
    await b.engine.tick();
    await b.feed.settled();
    await vi.waitFor(() => expect(a.engine.generation).toBe(b.engine.generation), { timeout: 10_000 });
    expect(b.engine.generation).toBeGreaterThan(generation);
    expect(a.engine.quote('GARAN')).toEqual(b.engine.quote('GARAN'));
    expect(a.engine.health().detail).toMatch(/^Follower of the feed owner B: /);
    expect(a.provider.calls).toBe(callsOfA);
  });
});
