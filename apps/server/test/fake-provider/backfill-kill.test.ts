import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { STOCKS, tradingDaysBetween } from '@bist/market';
import { testDatabaseUrl } from '@/config/env';
import { openDatabase, type Database } from '@/db/client';
import { backfillOrder, type BackfillSummary } from '@/market/backfill';
import { BackfillRepository } from '@/market/backfill.repository';
import { createTestDatabase } from '@test/helpers';
import { startFakeProvider, type FakeProvider } from './fake-provider.ts';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
/** Friday 2026-11-20, 17:45 in Istanbul: Thursday's bars are the newest final ones. */
const NOW = '2026-11-20T14:45:00Z';
const FROM = '2026-11-02';
const TO = '2026-11-19';
const PUBLISHED = new Set(['XU100', 'XU030', 'XU050', 'XBANK']);
/** Finished symbols in the progress table before the kill: half-way through the XU100 members. */
const KILL_AFTER_DONE = 40;

interface Run {
  exit: Promise<number | null>;
  output: () => string;
  kill: () => void;
  /** Resolves once the child has printed `done <n>` with n ≥ `count` (read from its progress table). */
  doneAtLeast: (count: number) => Promise<number>;
}

/** The backfill in a child process (backfill-child.ts) on `database` against the fake provider. */
function runChild(fake: FakeProvider, database: { url?: string; dataDir?: string }): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fake-provider/backfill-child.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: database.url ?? '',
      BACKFILL_DATA_DIR: database.dataDir ?? '',
      BACKFILL_PROVIDER_URL: fake.url,
      BACKFILL_NOW: NOW,
      BACKFILL_FROM: FROM,
      BACKFILL_TO: TO,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: (() => void)[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lastDone = () => Math.max(-1, ...[...output.matchAll(/^done (\d+)$/gm)].map((m) => Number(m[1])));
  return {
    exit,
    output: () => output,
    kill: () => child.kill('SIGKILL'),
    doneAtLeast: async (count) => {
      let exited = false;
      void exit.then(() => (exited = true));
      while (lastDone() < count) {
        if (exited)
          throw new Error(`the backfill exited before ${String(count)} symbols were done:\n${output}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          void exit.then(() => resolve());
        });
      }
      return lastDone();
    },
  };
}

/** The symbols whose chart was asked for (the fake's log from request `from` on). */
function chartSymbols(fake: FakeProvider, from = 0): string[] {
  return fake.requests
    .slice(from)
    .filter((p) => p.startsWith('/v8/finance/chart/'))
    .map((p) => decodeURIComponent(p.split('?')[0]!.split('/').pop()!).replace(/\.IS$/, ''));
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the history backfill killed with SIGKILL half-way and started again (child process, fake provider over HTTP)', () => {
  it('resumes with no duplicate and no missing day, and never refetches a symbol finished before the kill', async () => {
    const fake = await startFakeProvider();
    cleanups.push(() => fake.close());
    fake.replay.syntheticHistory = { indices: PUBLISHED };
    // A provider a little farther than 127.0.0.1, so the kill lands in the middle of the run.
    fake.chartDelayMs = 10;
    // The database the two processes share in turn: the real PostgreSQL when DATABASE_URL is set, else PGlite on disk.
    let target: { url?: string; dataDir?: string };
    let open: () => Promise<Database>;
    if (testDatabaseUrl()) {
      const database = await createTestDatabase('postgres');
      cleanups.push(() => database.close());
      target = { url: (database.pool.options as { connectionString: string }).connectionString };
      open = () => Promise.resolve(database);
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bist-backfill-kill-'));
      cleanups.push(() => Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true })));
      target = { dataDir };
      open = () => openDatabase({ dataDir });
    }
    const release = async (database: Database) => {
      if (!target.url) await database.close();
    };

    const first = runChild(fake, target);
    cleanups.push(async () => {
      first.kill();
      await first.exit;
    });
    const seen = await first.doneAtLeast(KILL_AFTER_DONE);
    first.kill();
    expect(await first.exit).toBeNull(); // killed by the signal, not finished
    expect(first.output()).not.toContain('summary');
    expect(seen).toBeLessThan(backfillOrder().length);

    const days = tradingDaysBetween(FROM, TO);
    let database = await open();
    const progress = new BackfillRepository(database.db);
    const afterKill = await progress.progress();
    const finished = afterKill.filter((r) => r.status === 'done').map((r) => r.symbol);
    expect(finished.length).toBeGreaterThanOrEqual(seen);
    expect(finished.length).toBeLessThan(backfillOrder().length);
    // What was committed is whole: every finished symbol has its whole range staged, nothing else has any bar.
    const staged = await database.pool.query<{ symbol: string; n: number; distinct_days: number }>(
      `select symbol, count(*)::int as n, count(distinct date)::int as distinct_days from market_backfill_bars
       group by symbol`,
    );
    expect(staged.rows.map((r) => r.symbol).sort()).toEqual([...finished].sort());
    for (const row of staged.rows) expect(row).toMatchObject({ n: days.length, distinct_days: days.length });
    await release(database);

    const before = fake.requests.length;
    const second = runChild(fake, target);
    cleanups.push(async () => {
      second.kill();
      await second.exit;
    });
    expect(await second.exit, second.output()).toBe(0);
    const summary = JSON.parse(/^summary (.*)$/m.exec(second.output())![1]!) as BackfillSummary;
    expect(summary).toMatchObject({
      from: FROM,
      to: TO,
      done: STOCKS.length + PUBLISHED.size,
      failed: 0,
      pending: 0,
      noData: backfillOrder().length - STOCKS.length - PUBLISHED.size,
    });
    const refetched = chartSymbols(fake, before);
    expect(refetched.filter((s) => finished.includes(s))).toEqual([]);
    expect(new Set(refetched).size).toBe(refetched.length);
    expect(refetched.length + finished.length).toBe(backfillOrder().length);
    expect(summary.fetched).toBe(refetched.length);

    // Every stock and published index: exactly one staged bar per trading day of the range.
    database = await open();
    const counts = await database.pool.query<{
      symbol: string;
      n: number;
      distinct_days: number;
      first: string;
      last: string;
    }>(
      `select symbol, count(*)::int as n, count(distinct date)::int as distinct_days, min(date)::text as first,
         max(date)::text as last from market_backfill_bars group by symbol`,
    );
    expect(counts.rows).toHaveLength(STOCKS.length + PUBLISHED.size);
    for (const row of counts.rows)
      expect(row, row.symbol).toMatchObject({
        n: days.length,
        distinct_days: days.length,
        first: FROM,
        last: TO,
      });
    const thyao = await new BackfillRepository(database.db).stagedBars('THYAO');
    expect(thyao.map((b) => b.date)).toEqual(days);
    await release(database);
  }, 300_000);
});
