// npm run bench:ml — trains and walk-forward-evaluates every registered algorithm through the server's ML worker pool
// (apps/server/src/jobs: the same code the train job runs) while this process, like the API process, keeps answering
// HTTP requests on its main thread; a separate process hammers it with autocannon.
// Prints per algorithm and horizon hit rate ± 95 % CI, skill vs the random walk, Rank IC, ICIR and fit time; then wall
// time, peak RSS and the main thread's event-loop delay (perf_hooks.monitorEventLoopDelay) during the run.
// Writes the same to bench/results/ml-<dataset>.md.
// Options:
//   --data <folder>   (relative to where npm was run) real end-of-day CSVs (date,open,high,low,close,volume; XU100.csv = market; '_' files skipped)
//                     default: the embedded universe — the @bist/market simulator (seed 20260101), 3 years to 2026-11-20
//   --workers <n>     worker threads (default: cores; the server uses ML_WORKERS = cores − 1)
//   --only <ids>      comma-separated algorithm ids      --horizons 1,5 (default both)
//   --rate <n>        requests per second offered by the load process (default 200)
//   --no-load         skip the HTTP load (event-loop delay is still measured)
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { isPredictionHorizon } from '@bist/contracts';
import { ALGORITHMS } from '@bist/ml';
import { MlWorkerPool } from '../apps/server/src/jobs/worker-pool.ts';
import { trainOnPool } from '../apps/server/src/jobs/ml-engine.ts';
import type { TrainOutcome } from '../apps/server/src/jobs/ml-protocol.ts';
import { csvDataset, simulatedDataset, type BenchDataset } from './lib/ml-data.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const WORKERS = Number(option('workers') ?? os.availableParallelism());
const HORIZONS = (option('horizons') ?? '1,5').split(',').map(Number).filter(isPredictionHorizon);
const ONLY = option('only')?.split(',');
const LOAD = !args.includes('--no-load');
const PORT = 3911;
/** Requests per second of the load (a busy small server; unthrottled autocannon would take a core from the workers). */
const RATE = Number(option('rate') ?? '200');

let peakRss = process.memoryUsage().rss;
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);

const t0 = performance.now();
const dataFolder = option('data');
const dataset: BenchDataset = dataFolder
  ? csvDataset(path.resolve(process.env.INIT_CWD ?? process.cwd(), dataFolder))
  : simulatedDataset(20_260_101, '2023-11-13', '2026-11-20');
const loadMs = performance.now() - t0;
const algorithmIds = ALGORITHMS.map((a) => a.id).filter((id) => !ONLY || ONLY.includes(id));
console.log(`dataset: ${dataset.description} (built in ${(loadMs / 1000).toFixed(1)} s)`);
console.log(
  `algorithms: ${algorithmIds.length}, horizons: ${HORIZONS.join(', ')}, worker threads: ${WORKERS}, cores: ${os.availableParallelism()}`,
);

// The "server": answers with the latest closes of every stock, serialised per request (like a live-data route).
const lastCloses = dataset.panel.symbols.map((symbol, s) => {
  const n = dataset.panel.dates.length;
  let close = NaN;
  for (let d = n - 1; d >= 0 && !Number.isFinite(close); d--) close = dataset.panel.close[s * n + d]!;
  return { symbol, sector: dataset.panel.sectors[s], price: close };
});
const server = http.createServer((req, res) => {
  const body = JSON.stringify({ success: true, data: lastCloses, time: Date.now() });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
});
await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));

let load: ChildProcess | null = null;
const loadResult = new Promise<Record<string, number> | null>((resolve) => {
  if (!LOAD) return resolve(null);
  load = fork(
    path.join(HERE, 'lib/ml-load.ts'),
    [`http://127.0.0.1:${PORT}/api/market/live-data`, '10', String(RATE)],
    { execArgv: ['--import', 'tsx'] },
  );
  load.on('message', (m) => {
    if (m !== 'started') resolve(m as Record<string, number>);
  });
  load.on('exit', () => resolve(null));
});

const pool = new MlWorkerPool(WORKERS);
// The histogram counts the sampling interval itself: subtract it (ELD_RESOLUTION_MS) from every figure.
const ELD_RESOLUTION_MS = 1;
const delay = monitorEventLoopDelay({ resolution: ELD_RESOLUTION_MS });
delay.enable();
const tTrain = performance.now();
const outcomes: TrainOutcome[] = await trainOnPool(
  pool,
  dataset.panel,
  algorithmIds,
  HORIZONS,
  { seed: 7 },
  {
    onProgress: (done, total, id, h) => process.stdout.write(`\r  ${done}/${total} ${id} h=${h}`.padEnd(60)),
  },
);
const trainMs = performance.now() - tTrain;
delay.disable();
process.stdout.write('\n');
(load as ChildProcess | null)?.send('stop');
const http_ = await loadResult;
await pool.close();
server.close();
clearInterval(rssTimer);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

const ms = (ns: number) => Math.max(0, ns / 1e6 - ELD_RESOLUTION_MS);
const pct = (v: unknown) => (typeof v === 'number' ? v.toFixed(2) : 'n/a');
const num = (v: unknown, d = 4) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(d) : 'n/a');
interface Ic {
  mean: number | null;
  icir: number | null;
}
interface Evaluation {
  accuracyPercent: number | null;
  accuracyCiLowPercent: number;
  accuracyCiHighPercent: number;
  accuracyClusteredCiLowPercent: number | null;
  accuracyClusteredCiHighPercent: number | null;
  skillVsRandomWalk: number | null;
  rankIc: Ic;
  predictionsCount: number;
  evaluatedFrom: string | null;
  evaluatedTo: string | null;
}
const evaluations = outcomes
  .map((o) => o.evaluation as unknown as Evaluation | undefined)
  .filter((e): e is Evaluation => e !== undefined);
const scoredFrom =
  evaluations
    .map((e) => e.evaluatedFrom)
    .filter((d): d is string => !!d)
    .sort()[0] ?? 'n/a';
const scoredTo =
  evaluations
    .map((e) => e.evaluatedTo)
    .filter((d): d is string => !!d)
    .sort()
    .at(-1) ?? 'n/a';
const rows = outcomes.map((o) => {
  const e = o.evaluation as unknown as Evaluation;
  const alg = ALGORITHMS.find((a) => a.id === o.algorithmId);
  return [
    o.algorithmId,
    alg?.category ?? '',
    String(o.horizon),
    pct(e.accuracyPercent),
    `[${pct(e.accuracyCiLowPercent)}, ${pct(e.accuracyCiHighPercent)}]`,
    `[${pct(e.accuracyClusteredCiLowPercent)}, ${pct(e.accuracyClusteredCiHighPercent)}]`,
    num(e.skillVsRandomWalk),
    num(e.rankIc.mean),
    num(e.rankIc.icir, 2),
    String(e.predictionsCount),
    (o.walkForwardMs / 1000).toFixed(1),
    (o.finalFitMs / 1000).toFixed(1),
    o.error ? o.error.slice(0, 80) : '',
  ];
});
const header = [
  'algorithm',
  'category',
  'h',
  'hit %',
  '95% CI (Wilson)',
  '95% CI (day-clustered)',
  'skill vs RW',
  'Rank IC',
  'ICIR',
  'n',
  'walk-forward s',
  'final fit s',
  'error',
];
const table = [
  `| ${header.join(' | ')} |`,
  `|${header.map(() => '---').join('|')}|`,
  ...rows.map((r) => `| ${r.join(' | ')} |`),
].join('\n');
const summary = [
  `- dataset: ${dataset.description}`,
  `- algorithms: ${algorithmIds.length} × horizons ${HORIZONS.join(', ')}; walk-forward: expanding window, retrain every 20 trading days, last 250 days scored (${scoredFrom} … ${scoredTo}); worker threads: ${WORKERS} on ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'cpu'})`,
  `- total wall time: ${((performance.now() - t0) / 1000).toFixed(1)} s (data ${(loadMs / 1000).toFixed(1)} s, training + evaluation ${(trainMs / 1000).toFixed(1)} s)`,
  `- machine load average (1/5/15 min) at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} — other processes on the machine compete for the same cores`,
  `- peak memory (RSS of the process incl. worker threads): ${(peakRss / 1024 / 1024).toFixed(0)} MB`,
  `- main-thread event-loop delay during training: p50 ${ms(delay.percentile(50)).toFixed(1)} ms, p99 ${ms(delay.percentile(99)).toFixed(1)} ms, max ${ms(delay.max).toFixed(1)} ms`,
  http_
    ? `- HTTP during training (autocannon, 10 connections, ${RATE} req/s offered, separate process): ${http_.requests} requests, ${Math.round(http_.rps!)} req/s, latency p50 ${http_.latencyP50} ms, p99 ${http_.latencyP99} ms, max ${http_.latencyMax} ms, errors ${http_.errors}`
    : '- HTTP load: off',
].join('\n');
console.log(`\n${table}\n\n${summary}`);
const outDir = path.join(HERE, 'results');
fs.mkdirSync(outDir, { recursive: true });
const outFile = path.join(outDir, `ml-${dataset.name}.md`);
fs.writeFileSync(outFile, `# bench:ml — ${dataset.name}\n\n${summary}\n\n${table}\n`);
console.log(`\nwritten to ${path.relative(process.cwd(), outFile)}`);
process.exit(0);
