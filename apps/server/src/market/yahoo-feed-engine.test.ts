import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDICES, STOCKS } from '@bist/market';
import { testConfig } from '@/config/env';
import type { Database } from '@/db/client';
import { FixedClock } from '@/lib/clock';
import { createTestDatabase } from '@test/helpers';
import { createFeedProvider } from './create-engine.ts';
import { MarketEngine } from './engine.ts';
import { MarketRepository } from './market.repository.ts';
import { YahooFeed } from './yahoo-feed.ts';
import { marketRoutes } from '@/modules/market/market.routes';
import { MarketService } from '@/modules/market/market.service';
import { YahooReplay } from './yahoo/replay-fetch.ts';
import { createYahooClient } from './yahoo/yahoo-client.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Friday 2026-11-20, 17:45 in Istanbul, session open. */
const SESSION = new Date('2026-11-20T14:45:00Z');

describe('MARKET_FEED=yahoo', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('makes createFeedProvider pick the Yahoo feed, with a history start fixed at the first start', async () => {
    const repo = new MarketRepository(database.db);
    const clock = new FixedClock(SESSION);
    const provider = await createFeedProvider('yahoo', repo, testConfig(), clock, quiet);
    expect(provider).toBeInstanceOf(YahooFeed);
    expect(provider.historyStartDate()).toBe('2021-11-19'); // five years back
    clock.advanceMs(400 * 86_400_000);
    const restarted = await createFeedProvider('yahoo', repo, testConfig(), clock, quiet);
    expect(restarted.historyStartDate()).toBe('2021-11-19');
  });
});

describe('MarketEngine on the Yahoo feed (recorded responses)', () => {
  let database: Database;
  let engine: MarketEngine;
  const clock = new FixedClock(SESSION);
  const replay = new YahooReplay();

  beforeAll(async () => {
    database = await createTestDatabase();
    const feed = new YahooFeed({
      client: createYahooClient({ log: quiet, fetch: replay.fetch }),
      clock,
      log: quiet,
      historyStartDate: '2026-11-16',
      settings: { requestsPerMinute: 10_000, chartConcurrency: 8 },
      sleep: (durationMs) => {
        clock.advanceMs(durationMs);
        return Promise.resolve();
      },
      random: () => 0.5,
    });
    engine = new MarketEngine({ repo: new MarketRepository(database.db), provider: feed, clock, log: quiet });
    await engine.start({ live: false });
  });
  afterAll(async () => {
    await engine.stop();
    await database.close();
  });

  it('writes the recorded history and serves live quotes from the quote batches', async () => {
    // Every stock's chart once, then the indices' (the provider's own levels where it publishes them).
    const requested = replay.chartRequests();
    expect(new Set(requested).size).toBe(requested.length);
    const stocks = new Set(STOCKS.map((s) => `${s.symbol}.IS`));
    expect(requested.filter((symbol) => stocks.has(symbol))).toHaveLength(STOCKS.length);
    const indexCodes = new Set(INDICES.map((i) => i.code));
    for (const symbol of requested.filter((s) => !stocks.has(s))) {
      expect(indexCodes.has(symbol.replace(/\.IS$/, ''))).toBe(true);
    }
    const repo = new MarketRepository(database.db);
    expect(await repo.latestDailyDate()).toBe('2026-11-19');
    expect((await engine.dailyCloses('THYAO', '2026-11-16', '2026-11-19')).map((c) => c.closeTry)).toEqual([
      341.75, 344.5, 344.5,
    ]);
    expect(engine.quote('THYAO')).toMatchObject({
      priceTry: 347.25,
      previousCloseTry: 344.5,
      changePercent: 0.8,
      date: '2026-11-20',
    });
    expect(engine.quote('XU100')?.priceTry).toBeGreaterThan(0); // computed from the members Yahoo priced
    expect(engine.freshness(clock.now())).toMatchObject({ source: 'yahoo', stale: false });
  });

  it('keeps serving the last good quotes, marked stale, while Yahoo is down, and clears the flag on recovery', async () => {
    // The API's answers, encoded once per version, follow the flag and the age although no quote changed.
    const market = new MarketService(engine, new MarketRepository(database.db), clock);
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(marketRoutes(market, engine));
    const summaryFreshness = async (): Promise<unknown> =>
      (await app.inject({ method: 'GET', url: '/api/market/summary' })).json<{
        data: { freshness: unknown };
      }>().data.freshness;
    const liveFreshness = async (): Promise<unknown> =>
      (await app.inject({ method: 'GET', url: '/api/market/live-data?limit=5' })).json<{
        freshness: unknown;
      }>().freshness;
    expect(await summaryFreshness()).toMatchObject({ stale: false });
    replay.down = 503;
    for (let i = 0; i < 2; i += 1) {
      clock.advanceMs(60_000);
      await engine.tick();
    }
    expect(engine.quote('THYAO')?.priceTry).toBe(347.25);
    expect(engine.freshness(clock.now()).stale).toBe(true);
    expect(await summaryFreshness()).toEqual(engine.freshness(clock.now()));
    expect(await liveFreshness()).toMatchObject({ stale: true });
    const health = engine.health();
    expect(health.status).toBe('degraded');
    expect(health.detail).toMatch(/last good data 2026-11-20T14:45:00\.000Z \(\d+ (s|min) old\)/);

    replay.down = null;
    clock.advanceMs(60_000);
    await engine.tick();
    expect(engine.freshness(clock.now()).stale).toBe(false);
    expect(await summaryFreshness()).toMatchObject({ stale: false });
    expect(engine.health().status).toBe('ok');
    await app.close();
  });
});
