// npm run bench:csv — how long one investor's CSV upload or ledger write holds up the server, in process: the real app
// (buildApp) on an in-memory PGlite run in its worker thread as the server runs it, driven with inject. Per scenario:
// the answer's status and wall time, and the longest event-loop block while it ran (the longest gap in a 1 ms timer
// chain: every other request waits at least that long).
// Scenarios: (1) the column bomb of issue #36 ('date,type' + 100,000 commas, then 5,000 lines of '1') on the preview
// and on the import; (2) a preview of 5,000 bad rows; (3) an import of 5,000 valid rows; (4) a ledger of 50,000
// transactions (written straight through the repository, as years of use would leave it): one recorded deposit, an
// edit of a transaction of last year, and the transaction list's default answer (bytes).
// (5) Reading a 1 MiB file of 5,000 rows: in process in turns that yield (what the server does) against a worker thread
// (a plain split, the cheapest parse a worker could do; its start, the copy of the text in and of the fields out).
// Run from apps/server (the npm script does) so the server's '@/' imports resolve. Writes bench/results/csv-import.md.
//   --writes <n> writes timed at 50,000 transactions (default 5; the median is reported)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/config/env.ts';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import {
  PortfolioRepository,
  type NewTransactionRow,
} from '../apps/server/src/modules/portfolio/portfolio.repository.ts';
import { csvParse } from '../apps/server/src/modules/portfolio/csv.ts';
import { FakeMarketData } from '../apps/server/test/fake-market-data.ts';
import { option } from './lib/server.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WRITES = Number(option('writes', '5'));
const LEDGER_SIZE = 50_000;
const HEADER = 'date,type,symbol,quantity,price,commission,amount,note';

const market = new FakeMarketData();
for (const symbol of ['THYAO', 'GARAN', 'ASELS', 'BIMAS', 'KCHOL'])
  market.addStock({ symbol, name: symbol, sector: 'Test' }).setQuote(symbol, 100);
market.setQuote('XU100', 10_000);

const database = await openDatabase({ dataDir: null, inWorker: true });
await migrateDatabase(database);
const { app } = await buildApp({ config: testConfig(), database, clock: systemClock, market });
await app.ready();

let investors = 0;
async function investor(): Promise<{ headers: Record<string, string>; userId: string }> {
  const email = `bench.csv.${++investors}@example.com`;
  await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'gizli-sifre', privacy_notice_acknowledged: true },
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'gizli-sifre' },
  });
  const body = login.json<{ token: string; user: { id: string } }>();
  return { headers: { authorization: `Bearer ${body.token}` }, userId: body.user.id };
}

interface Measured {
  name: string;
  status: number;
  wallMs: number;
  longestBlockMs: number;
  /** CPU milliseconds the process used in its longest gap (every thread; preemption excluded). */
  longestBlockCpuMs: number;
  note?: string;
}
const results: Measured[] = [];

/**
 * The longest stretch the event loop could not run a 1 ms timer, from now until `stop()`: a timer chain that notes
 * the gap between its turns. (perf_hooks.monitorEventLoopDelay missed a block that starts in the timers phase.)
 */
function trackLongestBlock(): { stop: () => Promise<number>; cpu: () => number } {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let longestMs = 0;
  let longestCpuMs = 0;
  let running = true;
  const tick = () => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    const gapMs = now - last;
    longestMs = Math.max(longestMs, gapMs);
    // The CPU the process spent in the gap: on a loaded machine a gap is mostly time the process was not running.
    longestCpuMs = Math.max(longestCpuMs, Math.min(gapMs, (cpu.user + cpu.system) / 1000));
    last = now;
    lastCpu = process.cpuUsage();
    if (running) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  return {
    async stop() {
      // One more turn, so a block at the very end is counted.
      await new Promise((resolve) => setTimeout(resolve, 5));
      running = false;
      return longestMs;
    },
    cpu: () => longestCpuMs,
  };
}

/** Runs one request, reporting its wall time and the longest event-loop block while it ran. */
async function measure(
  name: string,
  run: () => Promise<{ statusCode: number; body: string }>,
  note?: (body: string) => string,
): Promise<Measured> {
  const tracker = trackLongestBlock();
  const started = performance.now();
  const res = await run();
  const wallMs = performance.now() - started;
  const measured: Measured = {
    name,
    status: res.statusCode,
    wallMs,
    longestBlockMs: await tracker.stop(),
    longestBlockCpuMs: tracker.cpu(),
    ...(note ? { note: note(res.body) } : {}),
  };
  results.push(measured);
  console.log(
    `${name}: ${measured.status}, ${wallMs.toFixed(0)} ms, longest block ${measured.longestBlockMs.toFixed(0)} ms (CPU ${measured.longestBlockCpuMs.toFixed(0)} ms)`,
  );
  return measured;
}

const post = (headers: Record<string, string>, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers, payload });

const bomb = `date,type${','.repeat(100_000)}\n${'1\n'.repeat(5_000)}`;
const badRows = [
  HEADER,
  ...Array.from({ length: 5_000 }, (_, i) => `2026-13-${i % 28},buy,XXXX,-1,abc,,,`),
].join('\n');
const day = (i: number) =>
  new Date(Date.UTC(2020, 0, 2) + Math.floor(i / 20) * 86_400_000).toISOString().slice(0, 10);
const validRows = (n: number) =>
  [
    HEADER,
    `${day(0)},deposit,,,,,100000000,`,
    ...Array.from({ length: n - 1 }, (_, i) =>
      i % 3 === 2 ? `${day(i)},sell,THYAO,1,101,1,,` : `${day(i)},buy,THYAO,2,100,1,,`,
    ),
  ].join('\n');

const a = await investor();
await measure('column bomb, preview', () =>
  post(a.headers, '/api/portfolio/transactions/import/preview', { csv: bomb }),
);
await measure('column bomb, import', () =>
  post(a.headers, '/api/portfolio/transactions/import', { csv: bomb }),
);
await measure(
  '5,000 bad rows, preview',
  () => post(a.headers, '/api/portfolio/transactions/import/preview', { csv: badRows }),
  (body) => `${(body.length / 1024).toFixed(0)} KB answer`,
);
await measure('5,000 valid rows, preview', () =>
  post(a.headers, '/api/portfolio/transactions/import/preview', { csv: validRows(5_000) }),
);
await measure('5,000 valid rows, import into an empty ledger', () =>
  post(a.headers, '/api/portfolio/transactions/import', { csv: validRows(5_000) }),
);

// (4) A ledger of 50,000 transactions, written through the repository (no import limit applies there).
const b = await investor();
const repo = new PortfolioRepository(database.db);
const seedRows: NewTransactionRow[] = [
  { type: 'deposit', tradeDate: day(0), amountTry: 1_000_000_000, commissionTry: 0 },
];
for (let i = 1; i < LEDGER_SIZE; i++) {
  const sell = i % 3 === 0;
  seedRows.push({
    type: sell ? 'sell' : 'buy',
    tradeDate: day(i % 40_000),
    symbol: 'GARAN',
    quantity: sell ? 1 : 2,
    priceTry: 100,
    commissionTry: 1,
  });
}
seedRows.sort((x, y) => (x.tradeDate < y.tradeDate ? -1 : x.tradeDate > y.tradeDate ? 1 : 0));
await repo.withLedgerLock(b.userId, (r) => r.insertTransactions(b.userId, seedRows));
// The first read loads the ledger into the server's memory, as any earlier page view would have.
const firstList = await measure(
  `transaction list, default answer (${LEDGER_SIZE.toLocaleString('en-US')} transactions)`,
  () => app.inject({ method: 'GET', url: '/api/portfolio/transactions', headers: b.headers }),
  (body) => `${(body.length / 1024).toFixed(0)} KB`,
);
const writes: Measured[] = [];
const today = new Date().toISOString().slice(0, 10);
for (let i = 0; i < WRITES; i++)
  writes.push(
    await measure(`deposit at ${LEDGER_SIZE.toLocaleString('en-US')} transactions #${i + 1}`, () =>
      post(b.headers, '/api/portfolio/transactions', { type: 'deposit', date: today, amount: 100 }),
    ),
  );
const someBuy = (await repo.listTransactions(b.userId)).find((row) => row.type === 'buy')!;
const edits: Measured[] = [];
for (let i = 0; i < WRITES; i++)
  edits.push(
    await measure(
      `edit of an early buy at ${LEDGER_SIZE.toLocaleString('en-US')} transactions #${i + 1}`,
      () =>
        app.inject({
          method: 'PUT',
          url: `/api/portfolio/transactions/${someBuy.id}`,
          headers: b.headers,
          payload: {
            type: 'buy',
            date: day(0),
            symbol: 'GARAN',
            quantity: 2,
            price: 100 + (i % 2),
            commission: 1,
          },
        }),
    ),
  );

await app.close();
await database.close();

// (5) Where to read a file: in turns on the event loop, or in a worker thread.
const note = 'x'.repeat(180);
const bigFile = [
  HEADER,
  ...Array.from({ length: 5_000 }, (_, i) => `${day(i)},deposit,,,,,${100 + i},${note}`),
].join('\n');
const blockOf = async (run: () => Promise<unknown>): Promise<{ wallMs: number; longestBlockMs: number }> => {
  const tracker = trackLongestBlock();
  const started = performance.now();
  await run();
  const wallMs = performance.now() - started;
  return { wallMs, longestBlockMs: await tracker.stop() };
};
const inTurns = await blockOf(() => csvParse(bigFile));
const WORKER_CODE = `const { parentPort } = require('node:worker_threads');
parentPort.on('message', (text) => parentPort.postMessage(text.split('\\n').map((line) => line.split(','))));`;
let worker: Worker | undefined;
const workerStart = await blockOf(async () => {
  worker = new Worker(WORKER_CODE, { eval: true });
  await new Promise((resolve) => worker!.once('online', resolve));
});
const inWorker = await blockOf(
  () =>
    new Promise((resolve) => {
      worker!.once('message', resolve);
      worker!.postMessage(bigFile);
    }),
);
await worker!.terminate();

const median = (v: number[]): number => {
  const s = [...v].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const lines = [
  '# bench:csv — CSV uploads and ledger writes, longest event-loop block',
  '',
  `- measured with \`npm run bench:csv\`; Node ${process.version}; in process, ` +
    'PGlite in memory in its worker thread, requests through inject; load average at the end ' +
    `${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')} on ${os.cpus().length} cores`,
  '- longest block: the longest gap of a 1 ms timer chain (wall time: on a loaded machine mostly time the process ' +
    'was not running); largest CPU in one block: the most CPU time the process (all its threads) used within one gap',
  '',
  '| scenario | status | wall ms | longest block ms | largest CPU in one block, ms | note |',
  '|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.name} | ${r.status} | ${r.wallMs.toFixed(0)} | ${r.longestBlockMs.toFixed(0)} | ${r.longestBlockCpuMs.toFixed(0)} | ${r.note ?? ''} |`,
  ),
  '',
  `A write at ${LEDGER_SIZE.toLocaleString('en-US')} transactions: median of ${WRITES} — recorded deposit ` +
    `${median(writes.map((w) => w.wallMs)).toFixed(0)} ms (longest block ${median(writes.map((w) => w.longestBlockMs)).toFixed(0)} ms), ` +
    `edit of an early buy ${median(edits.map((w) => w.wallMs)).toFixed(0)} ms (longest block ${median(edits.map((w) => w.longestBlockMs)).toFixed(0)} ms); ` +
    `the list's default answer ${firstList.note ?? ''}.`,
  '',
  `Reading a ${(bigFile.length / 1024).toFixed(0)} KB file of 5,000 rows: in turns on the event loop ` +
    `${inTurns.wallMs.toFixed(0)} ms (longest block ${inTurns.longestBlockMs.toFixed(0)} ms); in a worker thread ` +
    `${inWorker.wallMs.toFixed(0)} ms (longest block ${inWorker.longestBlockMs.toFixed(0)} ms) after starting the worker ` +
    `${workerStart.wallMs.toFixed(0)} ms (longest block ${workerStart.longestBlockMs.toFixed(0)} ms).`,
  '',
];
const text = lines.join('\n');
process.stdout.write(text);
fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
fs.writeFileSync(path.join(HERE, 'results', 'csv-import.md'), text);
process.exit(0);
