// Scale-out proven (README 'How it scales out'): two API processes and one ML worker process on one PostgreSQL
// database, started as in production (`node --import tsx src/main.ts`). Runs only with DATABASE_URL (CI sets it).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  continuousWindowOn,
  isTradingDay,
  istanbulDate,
  istanbulInstant,
  previousTradingDay,
} from '@bist/market';
import { testDatabaseUrl } from '@/config/env';
import type { Database } from '@/db/client';
import { LIVE_QUOTES_KEY } from '@/market/feed-ownership';
import { freePort } from '@test/free-port';
import { createTestDatabase } from '@test/helpers';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const FAILOVER_LIMIT_MS = 30_000;

/**
 * How far the simulated market runs off the real clock so that it is in a live session: none during one, else an
 * hour after the open of the last trading day (CI runs at any hour).
 */
function sessionClockOffsetMs(now = new Date()): number {
  const today = istanbulDate(now);
  const window = isTradingDay(today) ? continuousWindowOn(today) : undefined;
  if (
    window &&
    now >= istanbulInstant(today, window.startMinute) &&
    now.getTime() < istanbulInstant(today, window.endMinute).getTime() - 10 * 60_000
  )
    return 0;
  const date =
    window && now >= istanbulInstant(today, window.startMinute + 60) ? today : previousTradingDay(today);
  const open = continuousWindowOn(date)?.startMinute ?? 600;
  return istanbulInstant(date, open + 60).getTime() - now.getTime();
}

interface Child {
  name: string;
  process: ChildProcess;
  output: string;
  url: string;
  exited: boolean;
}

/** Log lines (pino JSON) of a process with this message. */
function logLines(child: Child, msg: string): Record<string, unknown>[] {
  return child.output
    .split('\n')
    .filter((line) => line.includes(msg))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === msg);
}

// Each step waits on real processes and the simulated market's next move (its waits go up to 75 s on a loaded
// machine): the tests get room beyond those waits.
describe.skipIf(!testDatabaseUrl())(
  'Scale-out: two API processes and an ML worker on one PostgreSQL',
  { timeout: 180_000 },
  () => {
    let database: Database;
    let dataDir: string;
    const children: Child[] = [];
    let a: Child;
    let b: Child;
    let worker: Child;

    function start(name: string, script: string, env: Record<string, string>): Child {
      const child: Child = {
        name,
        output: '',
        url: env.PORT ? `http://127.0.0.1:${env.PORT}` : '',
        exited: false,
        process: spawn(process.execPath, ['--import', 'tsx', script], {
          cwd: SERVER_DIR,
          env: { ...process.env, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      };
      child.process.stdout?.on('data', (chunk: Buffer) => (child.output += chunk.toString()));
      child.process.stderr?.on('data', (chunk: Buffer) => (child.output += chunk.toString()));
      child.process.on('exit', () => (child.exited = true));
      children.push(child);
      return child;
    }

    async function call<T = unknown>(
      child: Child,
      route: string,
      init: { method?: string; token?: string; body?: unknown } = {},
    ): Promise<{ status: number; body: T }> {
      const response = await fetch(`${child.url}${route}`, {
        method: init.method ?? 'GET',
        headers: {
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      return { status: response.status, body: (await response.json()) as T };
    }

    async function whenServing(child: Child): Promise<void> {
      await vi.waitFor(
        async () => {
          if (child.exited) throw new Error(`${child.name} exited:\n${child.output.slice(-3000)}`);
          expect((await call(child, '/health')).status).toBe(200);
        },
        { timeout: 150_000, interval: 250 },
      );
    }

    async function staffToken(child: Child): Promise<string> {
      const res = await call<{ token: string }>(child, '/admin/api/auth/login', {
        method: 'POST',
        body: { email: 'superadmin@bistai.demo', password: 'superadmin-demo-2026' },
      });
      expect(res.status).toBe(200);
      return res.body.token;
    }

    async function feedDetail(child: Child, token: string): Promise<string> {
      const res = await call<{ stats: { components: { market_feed: { detail: string } } } }>(
        child,
        '/admin/api/dashboard/stats',
        { token },
      );
      expect(res.status).toBe(200);
      return res.body.stats.components.market_feed.detail;
    }

    type LiveQuote = { symbol: string; price: number } & Record<string, unknown>;
    /**
     * The most traded stocks' quotes and the time of the newest quote: the simulated prices move once a minute, the
     * quotes' time with every tick (every second here), so equal answers mean the same quote generation.
     */
    async function liveData(child: Child): Promise<{ quotes: LiveQuote[]; asOf: string }> {
      const res = await call<{ data: LiveQuote[]; freshness: { asOf: string } }>(
        child,
        '/api/market/live-data?limit=10',
      );
      expect(res.status).toBe(200);
      return { quotes: res.body.data, asOf: res.body.freshness.asOf };
    }
    /** Resolves once the process serves quotes newer than `than`. */
    async function quotesMoveOn(child: Child, than: string, timeout = 10_000): Promise<void> {
      await vi.waitFor(async () => expect((await liveData(child)).asOf > than).toBe(true), {
        timeout,
        interval: 100,
      });
    }

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      const url = (database.pool.options as { connectionString: string }).connectionString;
      // Ticks every second (the admin setting's minimum), so followers and failover are seen quickly.
      await database.db.execute(sql`
      insert into platform_settings (key, value, updated_at, updated_by_email)
      values ('platform', ${JSON.stringify({ market_poll_interval_ms: 1_000 })}::jsonb, now(), 'scale-out test')`);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bist-scale-out-'));
      const env = {
        DATABASE_URL: url,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_MODE: 'true',
        MARKET_FEED: 'simulated',
        MARKET_CLOCK_OFFSET_MS: String(sessionClockOffsetMs()),
        LOG_LEVEL: 'info',
        ML_INITIAL_TRAINING: 'false',
        WEB_DIST: path.join(dataDir, 'no-web-build'),
      };
      // A first, alone: it owns the feed and writes the history; then B (a follower) and the worker.
      // The API processes only enqueue ML jobs (ML_WORKERS=0): the worker runs them.
      a = start('A', 'src/main.ts', { ...env, PORT: String(await freePort()), ML_WORKERS: '0' });
      await whenServing(a);
      b = start('B', 'src/main.ts', { ...env, PORT: String(await freePort()), ML_WORKERS: '0' });
      worker = start('worker', 'src/worker-main.ts', { ...env, ML_WORKERS: '1' });
      await whenServing(b);
    });

    // A failure shows what the processes said (the last lines of each).
    afterEach((context) => {
      if (context.task.result?.state !== 'fail') return;
      for (const child of children)
        console.error(
          `--- ${child.name} (last lines) ---\n${child.output.split('\n').slice(-30).join('\n')}`,
        );
    });

    afterAll(async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exited) return resolve();
              const kill = setTimeout(() => child.process.kill('SIGKILL'), 10_000);
              child.process.once('exit', () => {
                clearTimeout(kill);
                resolve();
              });
              child.process.kill('SIGTERM');
            }),
        ),
      );
      await database?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    let staffA: string;
    let runId: string;

    it('queues a training run through A; an investor session created on A is valid on B', async () => {
      staffA = await staffToken(a);
      const run = await call<{ data: { id: string; status: string } }>(a, '/admin/api/ml/runs', {
        method: 'POST',
        token: staffA,
        body: { kind: 'train', algorithm_ids: ['reversal-1w'] },
      });
      expect(run.status).toBe(202);
      runId = run.body.data.id;

      const login = await call<{ token: string; user: { email: string } }>(a, '/api/auth/login', {
        method: 'POST',
        body: { email: 'olcek@example.com', password: 'olcek-sifre-1' },
      });
      expect(login.status).toBe(200);
      const onB = await call<{ user?: { email: string }; data?: { email: string } }>(b, '/api/auth/me', {
        token: login.body.token,
      });
      expect(onB.status).toBe(200);
      expect(JSON.stringify(onB.body)).toContain('olcek@example.com');
      // A staff session too: A's token reads B's admin dashboard.
      expect((await call(b, '/admin/api/dashboard/stats', { token: staffA })).status).toBe(200);
    });

    it('has exactly one feed owner; both processes serve the same quotes, and they move', async () => {
      const detailA = await feedDetail(a, staffA);
      const detailB = await feedDetail(b, staffA);
      expect(detailA).toMatch(/^Feed owner \(this process\): /);
      expect(detailB).toContain(`Follower of the feed owner ${os.hostname()}:${a.process.pid}`);
      // Logs reach stdout within a second (asynchronous logging).
      await vi.waitFor(() => expect(logLines(b, 'market feed: following')).toHaveLength(1), {
        timeout: 5_000,
        interval: 100,
      });

      const sameOnBoth = async () => {
        let onA: Awaited<ReturnType<typeof liveData>> | undefined;
        // A tick may land between the two reads: ask again.
        await vi.waitFor(
          async () => {
            onA = await liveData(a);
            expect(await liveData(b)).toEqual(onA);
          },
          { timeout: 5_000, interval: 50 },
        );
        return onA!;
      };
      const first = await sameOnBoth();
      expect(first.quotes).toHaveLength(10);
      await quotesMoveOn(a, first.asOf);
      const later = await sameOnBoth();
      expect(later.asOf > first.asOf).toBe(true);
      const row = await database.db.execute<{ owner: string }>(
        sql`select value->>'owner' as owner from market_state where key = ${LIVE_QUOTES_KEY}`,
      );
      expect(row.rows[0]?.owner).toBe(`${os.hostname()}:${a.process.pid}`);
    });

    it('fires a price alert created through A exactly once across both processes', async () => {
      const login = await call<{ token: string }>(a, '/api/auth/login', {
        method: 'POST',
        body: { email: 'alarm@example.com', password: 'alarm-sifre-1' },
      });
      const token = login.body.token;
      // Ten active alerts need a paid plan (Premium allows 20, decision 0056).
      const upgrade = await call(a, '/api/subscription', {
        method: 'PUT',
        token,
        body: { plan: 'premium', interval: 'monthly' },
      });
      expect(upgrade.status).toBe(200);
      // One kuruş either side of the current price of the most traded stocks: the next move meets one of them.
      const created: number[] = [];
      for (const quote of (await liveData(a)).quotes.slice(0, 5)) {
        for (const [direction, threshold] of [
          ['above', Math.round(quote.price * 100 + 1) / 100],
          ['below', Math.round(quote.price * 100 - 1) / 100],
        ] as const) {
          const res = await call<{ data: { alert: { id: number; status: string } } }>(a, '/api/alerts', {
            method: 'POST',
            token,
            body: { symbol: quote.symbol, direction, threshold_price: threshold },
          });
          expect(res.status).toBe(201);
          if (res.body.data.alert.status === 'active') created.push(res.body.data.alert.id);
        }
      }
      expect(created.length).toBeGreaterThan(0);
      const triggeredBy = (id: number) =>
        [...logLines(a, 'price alert triggered'), ...logLines(b, 'price alert triggered')].filter(
          (entry) => entry.alertId === id,
        );
      let fired: number[] = [];
      // Logs reach stdout within a second (asynchronous logging).
      await vi.waitFor(
        () => {
          fired = created.filter((id) => triggeredBy(id).length > 0);
          expect(fired.length).toBeGreaterThan(0);
        },
        { timeout: 75_000, interval: 250 },
      );
      // Both processes hear every tick; let a few more pass (and their logs flush) before counting.
      let seen = (await liveData(b)).asOf;
      for (let tick = 0; tick < 3; tick++) {
        await quotesMoveOn(b, seen);
        seen = (await liveData(b)).asOf;
      }
      for (const id of fired) expect(triggeredBy(id)).toHaveLength(1);

      const rows = await database.db.execute<{ id: number; n: number }>(
        sql`select id, count(*)::int as n from price_alerts where triggered_at is not null and id = any(${sql.param(fired)}::int[]) group by id`,
      );
      expect(rows.rows.map((r) => r.n)).toEqual(fired.map(() => 1));
      // The investor's unread count (the notification) is the same on both processes.
      const unreadA = await call<{ data: { unread_count: number } }>(a, '/api/alerts/unread-count', {
        token,
      });
      const unreadB = await call<{ data: { unread_count: number } }>(b, '/api/alerts/unread-count', {
        token,
      });
      expect(unreadB.body).toEqual(unreadA.body);
      expect(JSON.stringify(unreadA.body)).toMatch(/[1-9]/);
    });

    it('runs the training job on the worker, not on the API processes', async () => {
      await vi.waitFor(
        async () => {
          const run = await call<{ data: { status: string } }>(b, `/admin/api/ml/runs/${runId}`, {
            token: staffA,
          });
          expect(['queued', 'running', 'succeeded']).toContain(run.body.data.status);
          expect(run.body.data.status).toBe('succeeded');
        },
        { timeout: 90_000, interval: 500 },
      );
      await vi.waitFor(
        () =>
          expect(
            worker.output
              .split('\n')
              .some((line) => line.includes(runId) && line.includes('ML train succeeded')),
          ).toBe(true),
        { timeout: 5_000 },
      );
      expect(a.output).not.toMatch(/ML train succeeded/);
      expect(b.output).not.toMatch(/ML train succeeded/);
    });

    it('hands the feed to B within 30 s when A is killed (kill -9), and quotes keep moving', async () => {
      const before = await liveData(b);
      const killedAt = Date.now();
      a.process.kill('SIGKILL');
      await vi.waitFor(
        async () => expect(await feedDetail(b, staffA)).toMatch(/^Feed owner \(this process\): /),
        { timeout: FAILOVER_LIMIT_MS, interval: 250 },
      );
      const failoverMs = Date.now() - killedAt;
      expect(failoverMs).toBeLessThan(FAILOVER_LIMIT_MS);
      await vi.waitFor(
        () =>
          expect(
            logLines(
              b,
              'market feed ownership taken: this process now polls the provider and publishes quotes',
            ),
          ).toHaveLength(1),
        { timeout: 5_000, interval: 100 },
      );
      await quotesMoveOn(b, before.asOf);
      // B reports itself the owner as soon as its engine leads; its first publication is written just after.
      await vi.waitFor(
        async () => {
          const row = await database.db.execute<{ owner: string }>(
            sql`select value->>'owner' as owner from market_state where key = ${LIVE_QUOTES_KEY}`,
          );
          expect(row.rows[0]?.owner).toBe(`${os.hostname()}:${b.process.pid}`);
        },
        { timeout: 10_000, interval: 100 },
      );
      console.info(`scale-out: feed failover after kill -9 took ${failoverMs} ms`);
    });
  },
);
