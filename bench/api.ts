// npm run bench:api — autocannon against chosen routes of the real server, side by side with two bare node:http
// servers sending the same bytes: one with the response headers the real server sent (headers-matched), one with the
// body and only what a client needs to read it (content-type, content-encoding: body-only). Prints req/s, p50, p99
// and both ratios. Options:
// One 10-second run on a 2-core machine varies by ±20 % (autocannon shares the cores with the server), so each
// route is warmed up (2 s each side), then measured in alternating rounds — server, bare, server, bare… — and the
// table shows the median req/s of the rounds and the worst p99 of any round.
//   --duration <s> per round (default 4)   --rounds <n> (default 5)   --connections <n> (default 50)
//   --only <substring of a route>
//   --data-dir <dir> reuse a data directory (default .tmp/bench-data: the first run writes the history)
//   --trained with the full training stored (40 algorithms × 2 horizons, ≈ 45,000 predictions): data dir
//     .tmp/bench-data-trained unless --data-dir; its first run trains into it (tens of minutes), later runs reuse it
//   --log-level <level> the server's LOG_LEVEL (default info, the server's own default: request logging included)
//   --port <n> the real server's port (default 3901; the bare server takes the next one)
//   --server-env KEY=VALUE[,KEY=VALUE] extra environment for the real server (e.g. REQUEST_METRICS=false)
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { option, ROOT, startServer, waitFor } from './lib/server.ts';
import { fullTrainingEnv, waitForFullTraining } from './lib/trained.ts';

const DURATION_S = Number(option('duration', '4'));
const ROUNDS = Number(option('rounds', '5'));
const WARMUP_S = 2;
const CONNECTIONS = Number(option('connections', '50'));
const ONLY = option('only', '');
const TRAINED = process.argv.includes('--trained');
const DATA_DIR = path.resolve(
  ROOT,
  option('data-dir', TRAINED ? '.tmp/bench-data-trained' : '.tmp/bench-data'),
);
const LOG_LEVEL = option('log-level', 'info');
const SERVER_PORT = Number(option('port', '3901'));
const BARE_PORT = SERVER_PORT + 1;
const BODY_ONLY_PORT = SERVER_PORT + 2;
const SERVER_ENV: Record<string, string> = Object.fromEntries(
  option('server-env', '')
    .split(',')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

interface Route {
  name: string;
  path: string;
  /** Needs a signed-in investor (Bearer token). */
  auth?: boolean;
  /** Ask without Accept-Encoding (a client that takes no compression); every other route asks like Chromium. */
  identity?: boolean;
}

/** What Chromium sends: the server answers large bodies with brotli, compressed once per version. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const ROUTES: Route[] = [
  { name: 'health', path: '/health' },
  { name: 'market summary', path: '/api/market/summary' },
  { name: 'live data', path: '/api/market/live-data' },
  { name: 'live data, no compression', path: '/api/market/live-data', identity: true },
  { name: 'live data as the dashboard asks (?limit=5)', path: '/api/market/live-data?limit=5' },
  {
    name: 'stocks list (sector, sorted, page 2)',
    path: `/api/stocks/list?sector=${encodeURIComponent('Holding')}&sort_by=change&sort_order=desc&page=2&limit=20`,
  },
  {
    name: 'stocks list (search)',
    path: `/api/stocks/list?search=${encodeURIComponent('ban')}&sort_by=volume&sort_order=desc`,
  },
  // Made once per version of the stored predictions (and the quotes: its top calls carry live prices).
  { name: 'predictions daily summary', path: '/api/predictions/daily-summary' },
  { name: 'algorithm list', path: '/api/ml-algorithms/list' },
  { name: 'algorithm list as the predictions page asks (?limit=6)', path: '/api/ml-algorithms/list?limit=6' },
  // Rendered by the server from four in-process API answers once per version of the public data (at most once a
  // second), the same document in between (needs the web build: npm run build).
  { name: 'dashboard page, server-rendered', path: '/dashboard' },
  {
    name: 'portfolio overview (50 holdings, 2,000 transactions)',
    path: '/api/portfolio/overview',
    auth: true,
  },
];

/** Headers Node's http server adds itself (to both servers) or that the bare server sets from the body. */
const NODE_OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** One request, with the body's bytes exactly as sent (fetch would decompress them). */
function sample(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks), headers: res.headers }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** What a client needs to read a body: its type and coding (the body-only bare server sends only these). */
const BODY_HEADERS = new Set(['content-type', 'content-encoding']);

async function startBare(
  port: number,
  body: Buffer,
  sampleHeaders: http.IncomingHttpHeaders,
  bodyOnly: boolean,
): Promise<ChildProcess> {
  const file = path.join(ROOT, '.tmp', 'bench-body');
  fs.writeFileSync(file, body);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(sampleHeaders)) {
    if (value !== undefined && !NODE_OWN_HEADERS.has(name) && (!bodyOnly || BODY_HEADERS.has(name)))
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const child = fork(
    path.join(ROOT, 'bench/lib/bare-server.mjs'),
    [String(port), file, JSON.stringify(headers)],
    { stdio: 'ignore' },
  );
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return child;
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time the server process spent per request (user + system, all its threads), in microseconds. */
  cpuUs: number;
}

/**
 * CPU seconds (user + system) a process has used, from /proc (Linux). Unlike req/s, CPU time per request hardly
 * changes when other work shares the machine, so it is the figure to compare two configurations with.
 */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return NaN;
  }
}

async function load(
  url: string,
  headers: Record<string, string>,
  pid: number | undefined,
  duration = DURATION_S,
): Promise<Result> {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuUs: ((cpuSeconds(pid) - cpuBefore) * 1e6) / Math.max(1, result.requests.total),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Median req/s and p50 of the rounds, worst p99 of any round, errors summed. */
function combine(results: Result[]): Result {
  return {
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    cpuUs: median(results.map((r) => r.cpuUs)),
  };
}

/** Signs in a demo investor; seeds 50 holdings and 2,000 transactions once (kept in the bench data dir). */
async function investorToken(base: string): Promise<string | undefined> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench.investor@example.com', password: 'bench-password-1' }),
  });
  if (!login.ok) return undefined;
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const existing = await fetch(`${base}/api/portfolio/transactions`, { headers });
  if (!existing.ok) return undefined;
  const body = (await existing.json()) as { data?: { total?: number } };
  if ((body.data?.total ?? 0) >= 2_000) return token;
  const { seedBenchPortfolio } = await import('./lib/seed-portfolio.ts');
  await seedBenchPortfolio(base, headers);
  return token;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<void> {
  const base = `http://127.0.0.1:${SERVER_PORT}`;
  console.log(
    `bench:api — ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s per side, data dir ${DATA_DIR}`,
  );
  const server = startServer({
    port: SERVER_PORT,
    dataDir: DATA_DIR,
    logLevel: LOG_LEVEL,
    env: { ...(TRAINED ? fullTrainingEnv(DATA_DIR) : {}), ...SERVER_ENV },
  });
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  try {
    await waitFor(`${base}/health`, 240_000);
    let stored = 'no models trained (a fresh start without training)';
    if (TRAINED) {
      const trained = await waitForFullTraining(base, DATA_DIR, 120 * 60_000);
      stored = `the full training stored: ${trained.algorithms} algorithms trained, ${fmt(trained.predictions)} predictions`;
      console.log(stored);
    }
    const loadBefore = (await import('node:os'))
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' / ');
    const rows: string[] = [];
    let token: string | undefined;
    for (const route of ROUTES.filter((r) => r.path.includes(ONLY) || r.name.includes(ONLY))) {
      const headers: Record<string, string> = {};
      if (route.auth) {
        token ??= await investorToken(base);
        if (!token) {
          console.log(`skip ${route.name}: the route is not available on this server`);
          continue;
        }
        headers.authorization = `Bearer ${token}`;
      }
      if (!route.identity) headers['accept-encoding'] = BROWSER_ACCEPT_ENCODING;
      const first = await sample(`${base}${route.path}`, headers);
      if (first.status !== 200) {
        console.log(`skip ${route.name}: ${first.status}`);
        continue;
      }
      const bytes = first.bytes;
      const bare = await startBare(BARE_PORT, bytes, first.headers, false);
      const bodyOnly = await startBare(BODY_ONLY_PORT, bytes, first.headers, true);
      const realUrl = `${base}${route.path}`;
      const bareUrl = `http://127.0.0.1:${BARE_PORT}${route.path}`;
      const bodyOnlyUrl = `http://127.0.0.1:${BODY_ONLY_PORT}${route.path}`;
      await load(realUrl, headers, server.pid, WARMUP_S);
      await load(bareUrl, headers, bare.pid, WARMUP_S);
      await load(bodyOnlyUrl, headers, bodyOnly.pid, WARMUP_S);
      const realRounds: Result[] = [];
      const bareRounds: Result[] = [];
      const bodyOnlyRounds: Result[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        realRounds.push(await load(realUrl, headers, server.pid));
        bareRounds.push(await load(bareUrl, headers, bare.pid));
        bodyOnlyRounds.push(await load(bodyOnlyUrl, headers, bodyOnly.pid));
      }
      bare.kill();
      bodyOnly.kill();
      const real = combine(realRounds);
      const ceiling = combine(bareRounds);
      const bodyCeiling = combine(bodyOnlyRounds);
      console.log(
        `  ${route.name}: server ${realRounds.map((r) => fmt(r.rps)).join(' / ')} req/s, bare ${bareRounds.map((r) => fmt(r.rps)).join(' / ')} req/s, body-only ${bodyOnlyRounds.map((r) => fmt(r.rps)).join(' / ')} req/s`,
      );
      const ratio = real.rps / ceiling.rps;
      const bodyRatio = real.rps / bodyCeiling.rps;
      const line = `| ${route.name} | ${fmt(bytes.length)} B${first.headers['content-encoding'] ? ` ${first.headers['content-encoding']}` : ''} | ${fmt(real.rps)} | ${real.p50} | ${real.p99} | ${fmt(ceiling.rps)} | ${ceiling.p99} | ${fmt(ratio * 100, 1)} % | ${fmt(bodyCeiling.rps)} | ${bodyCeiling.p99} | ${fmt(bodyRatio * 100, 1)} % | ${fmt(real.cpuUs, 1)} | ${fmt(ceiling.cpuUs, 1)} |${real.errors + real.non2xx ? ` ${real.errors} errors, ${real.non2xx} non-2xx` : ''}`;
      console.log(line);
      rows.push(line);
    }
    const table = [
      `bench:api — ${stored}; LOG_LEVEL=${LOG_LEVEL}, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S} s per side after a ${WARMUP_S} s warm-up; median req/s, p50 and CPU time per request, worst p99 of the rounds; node ${process.version}, ${(await import('node:os')).cpus().length} cores, load average before ${loadBefore}, after ${(
        await import('node:os')
      )
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' / ')}`,
      '',
      'Bare node:http servers sending the same body: headers-matched (every header the server sent) and body-only (content-type and content-encoding alone).',
      '',
      '| route | body | server req/s | p50 ms | p99 ms | bare, headers-matched req/s | p99 ms | server / headers-matched | bare, body-only req/s | p99 ms | server / body-only | server CPU µs/req | bare CPU µs/req |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n');
    console.log(`\n${table}`);
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, `bench/results/api${TRAINED ? '-trained' : ''}.md`), `${table}\n`);
  } finally {
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
