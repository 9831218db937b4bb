// The history backfill alone in a process of its own, for the kill -9 test (backfill-kill.test.ts): the production
// HistoryBackfill and Yahoo feed against the fake provider at BACKFILL_PROVIDER_URL, on the database at DATABASE_URL
// or the PGlite data directory BACKFILL_DATA_DIR. While it runs it prints `done <n>` whenever the number of finished
// symbols in the progress table changes, so the parent can kill it half-way; at the end, `summary <json>`.
import { openDatabase, migrateDatabase } from '@/db/client';
import { FixedClock } from '@/lib/clock';
import { HistoryBackfill } from '@/market/backfill';
import { BackfillRepository } from '@/market/backfill.repository';
import { MarketRepository } from '@/market/market.repository';
import { createYahooFeed } from '@/market/yahoo-feed';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATABASE_URL ? null : env('BACKFILL_DATA_DIR'),
});
await migrateDatabase(database);
const market = new MarketRepository(database.db);
const progress = new BackfillRepository(database.db);
const backfill = new HistoryBackfill({ market, backfill: progress, log: quiet });
const provider = await createYahooFeed({
  repo: market,
  clock: new FixedClock(new Date(env('BACKFILL_NOW'))),
  log: quiet,
  baseUrl: env('BACKFILL_PROVIDER_URL'),
  tuning: { settings: { requestsPerMinute: 100_000, chartConcurrency: 4 } },
});

let reported = -1;
const report = async () => {
  const done = (await progress.progress()).filter((row) => row.status === 'done').length;
  if (done !== reported) process.stdout.write(`done ${String((reported = done))}\n`);
};
const poll = setInterval(() => void report().catch(() => undefined), 20);
const summary = await backfill.fetch(provider, env('BACKFILL_FROM'), env('BACKFILL_TO'));
clearInterval(poll);
process.stdout.write(`summary ${JSON.stringify(summary)}\n`);
await database.close();
