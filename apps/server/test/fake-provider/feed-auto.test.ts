import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MarketCoverage, MarketSource } from '@bist/contracts';
import { STOCKS } from '@bist/market';
import { formatCoverage } from '@/cli/market-status';
import type { FixedClock } from '@/lib/clock';
import { FeedSupervisor } from '@/market/feed-supervisor';
import type { MarketEngine } from '@/market/engine';
import { MarketRepository } from '@/market/market.repository';
import { probeProvider } from '@/market/yahoo/probe';
import { createYahooClient } from '@/market/yahoo/yahoo-client';
import { MlQueue } from '@/jobs/ml-queue';
import { createQueue } from '@/jobs/queue';
import type { Database } from '@/db/client';
import { createMarketTestApp, type TestApp } from '@test/helpers';
import { tokenFor, withToken } from '@test/admin-test-kit';
import { startFakeProvider, type FakeProvider } from './fake-provider.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Friday 2026-11-20, 17:45 in Istanbul: the session the recorded quotes are from. */
const SESSION = new Date('2026-11-20T14:45:00Z');

/** A port on 127.0.0.1 that refuses connections (a server listened on it and closed). */
async function refusingUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${String(port)}`;
}

/** A market app on the simulator whose supervisor runs in 'auto' against `providerUrl`, as main.ts wires it. */
async function autoApp(
  providerUrl: string,
  options: { jobQueue?: boolean } = {},
): Promise<TestApp & { engine: MarketEngine; feed: FeedSupervisor | null }> {
  const t = await createMarketTestApp({
    // A job queue without workers: runs are queued, never run (the retraining a switch asks for).
    ...(options.jobQueue
      ? {
          jobs: (database: Database) => ({
            queue: new MlQueue(createQueue(database, quiet), { pollingIntervalSeconds: 0.5 }),
            pool: null,
          }),
        }
      : {}),
    now: SESSION,
    startDate: '2026-11-02',
    config: { marketFeed: 'auto', marketProviderUrl: providerUrl },
    feed: (engine: MarketEngine, database: Database, clock: FixedClock) =>
      new FeedSupervisor({
        engine,
        repo: new MarketRepository(database.db),
        config: { marketFeed: 'auto', marketSeed: 42, marketProviderUrl: providerUrl },
        clock,
        log: quiet,
        probeTimeoutMs: 300,
        // The production budgets would pace 596 chart requests over six minutes of this fixed clock.
        yahooTuning: {
          settings: { requestsPerMinute: 10_000, chartConcurrency: 8 },
          sleep: (ms) => {
            clock.advanceMs(ms);
            return Promise.resolve();
          },
          random: () => 0.5,
        },
      }),
  });
  await t.services.adminAuth.prepareDemoStaff();
  if (options.jobQueue) await t.services.models.runs.start();
  return t;
}

async function source(t: TestApp): Promise<MarketSource> {
  const res = await t.app.inject({ method: 'GET', url: '/api/market/source' });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: MarketSource }>().data;
}

async function feedSwitches(t: TestApp): Promise<unknown[]> {
  const token = await tokenFor(t, 'super_admin');
  const log = (
    await t.app.inject(
      withToken(token, { method: 'GET', url: '/admin/api/audit-log?event_type=system_config' }),
    )
  ).json<{ entries: { action: string }[] }>();
  return log.entries.filter((e) => e.action === 'market_feed_switched');
}

describe('the Yahoo client and the probe against the local fake provider over HTTP', () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider();
  });
  afterAll(async () => {
    await fake.close();
  });
  afterEach(() => {
    fake.replay.down = null;
    fake.hang = false;
  });

  it('sends every Yahoo request to MARKET_PROVIDER_URL: handshake, quotes and charts', async () => {
    const client = createYahooClient({ log: quiet, baseUrl: fake.url });
    const quotes = await client.quote(['THYAO.IS', 'XU100.IS']);
    expect(quotes.map((q) => q.symbol).sort()).toEqual(['THYAO.IS', 'XU100.IS']);
    expect(quotes.find((q) => q.symbol === 'THYAO.IS')?.regularMarketPrice).toBeCloseTo(347.25, 4);
    const chart = await client.dailyChart(
      'THYAO.IS',
      new Date('2026-11-01T00:00:00Z'),
      new Date('2026-11-21T00:00:00Z'),
    );
    expect(chart.rows.length).toBeGreaterThan(0);
    expect(fake.requests.some((path) => path.startsWith('/v1/test/getcrumb'))).toBe(true);
    expect(fake.requests.some((path) => path.startsWith('/v8/finance/chart/THYAO.IS'))).toBe(true);
  });

  it('finds the provider reachable when it answers, and unreachable on 5xx, timeout and connection refused', async () => {
    expect(await probeProvider(fake.url)).toEqual({ reachable: true });
    fake.replay.down = 503;
    expect(await probeProvider(fake.url)).toEqual({ reachable: false, reason: 'HTTP 503' });
    fake.replay.down = null;
    fake.hang = true;
    expect(await probeProvider(fake.url, { timeoutMs: 200 })).toEqual({
      reachable: false,
      reason: 'no answer within 200 ms',
    });
    fake.hang = false;
    expect(await probeProvider(await refusingUrl())).toEqual({ reachable: false, reason: 'ECONNREFUSED' });
  });
});

describe('MARKET_FEED=auto (production wiring, local fake provider over HTTP)', () => {
  it('picks the real feed when the provider answers: real history replaces the simulated one, the switch is audited and shown', async () => {
    const fake = await startFakeProvider();
    const t = await autoApp(fake.url);
    try {
      expect(t.engine.providerName).toBe('simulated');
      expect(await source(t)).toMatchObject({ feed: 'simulated', mode: 'auto', switched_at: null });

      await t.feed!.start('auto');
      expect(t.engine.providerName).toBe('yahoo');
      const repo = new MarketRepository(t.infra.database.db);
      expect(await repo.hasDailyBarsOf('simulated')).toBe(false);
      // The recorded closes, not the simulator's; the live quote is the recorded session's.
      expect(
        (await t.engine.dailyCloses('THYAO', '2026-11-16', '2026-11-19')).map((c) => c.closeTry),
      ).toEqual([341.75, 344.5, 344.5]);
      expect(t.engine.quote('THYAO')).toMatchObject({ priceTry: 347.25, date: '2026-11-20' });
      // The indices the provider publishes (recorded XU100.IS, XU030.IS, XBANK.IS) are its values, live and daily;
      // the others are computed from members and say so.
      expect(t.engine.quote('XU100')).toMatchObject({ priceTry: 14426.34, previousCloseTry: 14321.2 });
      expect(t.engine.quote('XBANK')?.priceTry).toBe(18570.25);
      expect(
        (await t.engine.dailyCloses('XU100', '2026-11-16', '2026-11-19')).map((c) => c.closeTry),
      ).toEqual([14210.55, 14285.3, 14321.2]);
      const after = await source(t);
      expect(after).toMatchObject({
        feed: 'yahoo',
        mode: 'auto',
        provider: 'Yahoo Finance',
        delay_minutes: 15,
        stale: false,
        switched_at: SESSION.toISOString(),
        history: { source: 'real', symbols: 2, last_date: '2026-11-19' },
        models: null,
      });
      expect(after.computed_indices).not.toContain('XU100');
      expect(after.computed_indices).not.toContain('XU030');
      expect(after.computed_indices).not.toContain('XBANK');
      expect(after.computed_indices).toContain('XU050');
      expect(await feedSwitches(t)).toEqual([
        expect.objectContaining({
          before: { feed: 'simulated' },
          after: { feed: 'yahoo' },
          details: { mode: 'auto', reason: 'auto: the real provider answered' },
        }),
      ]);

      // Staff see the coverage: the two recorded stocks, the rest without history (no chart recorded for them).
      const token = await tokenFor(t, 'super_admin');
      const stats = (
        await t.app.inject(withToken(token, { method: 'GET', url: '/admin/api/dashboard/stats' }))
      ).json<{ stats: { market_data: MarketCoverage } }>().stats.market_data;
      expect(stats).toMatchObject({
        feed: 'yahoo',
        history_source: 'real',
        universe_symbols: STOCKS.length,
        symbols_with_history: 2,
        last_date: '2026-11-19',
        behind_count: 0,
      });
      expect(Object.keys(stats.bars_by_source)).toEqual(['yahoo']);
      expect(stats.missing).toHaveLength(50);
      const printed = formatCoverage(stats, 'auto');
      expect(printed[1]).toBe(
        `History: real, 2 of ${STOCKS.length} stocks, ${stats.first_date} to 2026-11-19`,
      );
      expect(printed[4]).toMatch(new RegExp(`^Without history: ${STOCKS.length - 2} \\(`));
    } finally {
      await t.close();
      await fake.close();
    }
  }, 300_000);

  it.each([
    ['5xx', (fake: FakeProvider) => (fake.replay.down = 503)],
    ['a timeout', (fake: FakeProvider) => (fake.hang = true)],
  ])(
    'keeps the simulator on %s, and a later probe moves the server to the real feed',
    async (_what, fail) => {
      const fake = await startFakeProvider();
      const t = await autoApp(fake.url);
      try {
        fail(fake);
        await t.feed!.start('auto');
        expect(t.engine.providerName).toBe('simulated');
        expect(await source(t)).toMatchObject({ feed: 'simulated', switched_at: null });
        expect(await feedSwitches(t)).toEqual([]);

        fake.replay.down = null;
        fake.hang = false;
        await t.feed!.probeNow();
        expect(t.engine.providerName).toBe('yahoo');
        expect(await source(t)).toMatchObject({ feed: 'yahoo', switched_at: SESSION.toISOString() });
        expect(await feedSwitches(t)).toHaveLength(1);
      } finally {
        await t.close();
        await fake.close();
      }
    },
    300_000,
  );

  it('keeps the simulator when the connection is refused', async () => {
    const t = await autoApp(await refusingUrl());
    try {
      await t.feed!.start('auto');
      expect(t.engine.providerName).toBe('simulated');
      expect(await source(t)).toMatchObject({
        feed: 'simulated',
        mode: 'auto',
        history: { source: 'simulated' },
      });
    } finally {
      await t.close();
    }
  }, 300_000);

  it("switches the live feed when an admin saves 'Market feed', without a restart, audits it, and queues retraining on the real history", async () => {
    const fake = await startFakeProvider();
    const t = await autoApp(fake.url, { jobQueue: true });
    try {
      await t.feed!.start('simulated');
      const token = await tokenFor(t, 'super_admin');
      const put = (market_feed: string) =>
        t.app.inject(
          withToken(token, { method: 'PUT', url: '/admin/api/settings', payload: { market_feed } }),
        );
      expect((await put('yahoo')).statusCode).toBe(200);
      expect(t.engine.providerName).toBe('yahoo');
      expect(await source(t)).toMatchObject({ feed: 'yahoo', mode: 'yahoo' });
      const queued = await t.infra.database.pool.query(`select kind, requested_by, status from ml_runs`);
      expect(queued.rows).toEqual([{ kind: 'train', requested_by: 'feed_switch', status: 'queued' }]);
      expect((await put('simulated')).statusCode).toBe(200);
      expect(t.engine.providerName).toBe('simulated');
      expect(await source(t)).toMatchObject({ feed: 'simulated', mode: 'simulated' });
      expect(await feedSwitches(t)).toHaveLength(2);
      // Back on the simulator the models keep learning from the real history: nothing more to retrain.
      expect((await t.infra.database.pool.query(`select id from ml_runs`)).rows).toHaveLength(1);
    } finally {
      await t.close();
      await fake.close();
    }
  }, 300_000);
});
