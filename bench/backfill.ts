// npm run bench:backfill [-- --port 3350] [--synthetic] — the real feed's first start (the resumable backfill of the daily
// history of the whole 596-stock universe and the indices, as a fresh install on MARKET_FEED=yahoo or 'auto' moving to
// the real feed does) against the local fake provider over real HTTP (apps/server/test/fake-provider), at the
// production request budget (100 requests a minute, retries and waits as in production) on a fresh embedded database.
// By default every chart is the recorded THYAO chart (4 days); --synthetic answers every stock and XU100, XU030, XU050
// and XBANK with made-up bars over the whole 5-year period asked for (about 1,250 days each: test data). Prints the wall
// time, the requests the provider received, the bars stored and the peak RSS. Nothing reaches the internet.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { STOCKS } from '@bist/market';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { createMarketEngine } from '../apps/server/src/market/create-engine.ts';
import { startFakeProvider } from '../apps/server/test/fake-provider/fake-provider.ts';

const args = process.argv.slice(2);
const portArg = args.indexOf('--port');
const port = Number(portArg >= 0 ? args[portArg + 1] : '3350');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bist-bench-backfill-'));
const fake = await startFakeProvider(port);
const synthetic = args.includes('--synthetic');
if (synthetic) fake.replay.syntheticHistory = { indices: new Set(['XU100', 'XU030', 'XU050', 'XBANK']) };
else fake.replay.chartFallback = 'THYAO.IS';
const config = loadConfig({
  MARKET_FEED: 'yahoo',
  MARKET_PROVIDER_URL: fake.url,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
});
const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
await migrateDatabase(database);

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);
const log = {
  info: (obj: object, msg?: string) => {
    if (msg?.includes('progress')) console.log(`  ${msg} ${JSON.stringify(obj)}`);
  },
  warn: () => undefined,
  error: (obj: object, msg?: string) => console.error(msg, obj),
};

console.log(
  `bench:backfill — ${STOCKS.length} stocks and the indices against the fake provider at ${fake.url}, production budget, ${synthetic ? '5 years of synthetic bars per symbol' : 'the recorded 4-day chart per stock'}`,
);
const started = performance.now();
const engine = await createMarketEngine({ database, config, clock: systemClock, log, feed: 'yahoo' });
await engine.start({ live: false });
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

const stored = await database.pool.query<{ symbols: string; bars: string }>(
  `select count(distinct symbol) as symbols, count(*) as bars from daily_bars where source = 'yahoo'`,
);
const progress = await database.pool.query<{ status: string; n: string }>(
  `select status, count(*) as n from market_backfill group by status order by status`,
);
const charts = fake.requests.filter((p) => p.startsWith('/v8/finance/chart/')).length;
const quotes = fake.requests.filter((p) => p.startsWith('/v7/finance/quote')).length;
console.log(
  [
    `wall time: ${seconds.toFixed(1)} s`,
    `requests: ${fake.requests.length} (${charts} charts, ${quotes} quote batches, ${fake.requests.length - charts - quotes} handshake)`,
    `stored: ${stored.rows[0]?.symbols ?? 0} symbols (stocks and the provider's indices), ${stored.rows[0]?.bars ?? 0} daily bars`,
    `backfill progress: ${progress.rows.map((r) => `${r.status} ${r.n}`).join(', ')}`,
    `peak RSS: ${(peakRss / 1024 / 1024).toFixed(0)} MB`,
    `node ${process.version}, ${os.availableParallelism()} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  ].join('\n'),
);
await engine.stop();
await database.close();
await fake.close();
fs.rmSync(dataDir, { recursive: true, force: true });
