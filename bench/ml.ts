// npm run bench:ml — trains and walk-forward-evaluates every registered algorithm through the server's ML worker pool
// (apps/server/src/jobs: the same code the train job runs) while this process, like the API process, keeps answering
// HTTP requests on its main thread; a separate process hammers it with autocannon.
// Runs two disjoint evaluation years: the previous year (the history cut 250 dates before the end, its last 250 days
// scored) and the test year (the last 250 days). Per algorithm, horizon and year: hit rate (zero returns excluded)
// beside the market direction (better of always-up / always-down) and the edge with its day-clustered 95 % interval,
// Rank IC with its Newey–West t, the paired daily difference to the best simple factor (t), the tradable-target Rank
// IC. The production model (champion) of each horizon is chosen on the previous year (chooseProduction: t ≥ 2, else the factor) and reported on
// the test year with its reliability table. Then wall time, peak RSS and the main thread's event-loop delay
// (perf_hooks.monitorEventLoopDelay) during the run.
// --earlier-year adds a third disjoint year (the history cut 500 dates before the end, its last 250 days scored), run
// after the measured seeds with the server's seed: the champions chosen on the previous year, checked once more.
// Writes the same to bench/results/ml-<dataset>.md (ml-<dataset>-earlier-year.md with --earlier-year).
// Options:
//   --data <folder>   (relative to where npm was run) real end-of-day CSVs (date,open,high,low,close,volume; XU100.csv = market; '_' files skipped)
//                     default: the embedded universe — the @bist/market simulator (seed 20260101), 3 years to 2026-11-20
//   --workers <n>     worker threads (default: cores; the server uses ML_WORKERS = cores − 1)
//   --only <ids>      comma-separated algorithm ids      --horizons 1,5 (default both)
//   --rate <n>        requests per second offered by the load process (default 200)
//   --no-load         skip the HTTP load (event-loop delay is still measured)
//   --test-year-only  skip the previous year (no champion choice; faster)
//   --earlier-year    also score the year before the previous one (seed 7 only), as a further out-of-sample check
//   --seeds <n>       run the whole evaluation with n run seeds (7, 8, …; default 1): a seed-spread table per algorithm
//                     (Rank IC, Δ vs best factor and its NW t: mean, sd, min–max over the seeds) and the production
//                     model's figures over the seeds. The production model is the server's: chosen on seed 7's previous
//                     year (the served draw); where the seed-average Δ would choose another model, that model's figures
//                     follow for comparison. The main table shows seed 7. Wall time and memory are the first seed's.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  algorithmEvaluationSchema,
  isPredictionHorizon,
  RELIABILITY_MIN_BIN_ROWS,
  type AlgorithmEvaluation,
} from '@bist/contracts';
import {
  ALGORITHMS,
  CHAMPION_MIN_T,
  chooseProduction,
  productionCandidateOf,
  type ProductionChoice,
  Z_95,
} from '@bist/ml';
import { MlWorkerPool } from '../apps/server/src/jobs/worker-pool.ts';
import { trainOnPool } from '../apps/server/src/jobs/ml-engine.ts';
import type { TrainOutcome } from '../apps/server/src/jobs/ml-protocol.ts';
import { csvDataset, simulatedDataset, truncatedPanel, type BenchDataset } from './lib/ml-data.ts';

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
const TWO_YEARS = !args.includes('--test-year-only');
const EARLIER_YEAR = TWO_YEARS && args.includes('--earlier-year');
/** The server's run seed (modules/models/pipeline.ts); further seeds are 8, 9, … */
const SERVER_SEED = 7;
const SEEDS = Math.max(1, Math.floor(Number(option('seeds') ?? '1')));
/** Scored days per evaluation year (the walk-forward's default evalDays). */
const YEAR_DAYS = 250;
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
const train = (panel: typeof dataset.panel, label: string, seed = SERVER_SEED) =>
  trainOnPool(
    pool,
    panel,
    algorithmIds,
    HORIZONS,
    { seed },
    {
      onProgress: (done, total, id, h) =>
        process.stdout.write(`\r  ${label}: ${done}/${total} ${id} h=${h}`.padEnd(70)),
    },
  );
const previousOutcomes: TrainOutcome[] = TWO_YEARS
  ? await train(truncatedPanel(dataset.panel, dataset.panel.dates.length - YEAR_DAYS), 'previous year')
  : [];
const outcomes: TrainOutcome[] = await train(dataset.panel, 'test year');
const trainMs = performance.now() - tTrain;
delay.disable();
process.stdout.write('\n');
(load as ChildProcess | null)?.send('stop');
const http_ = await loadResult;
peakRss = Math.max(peakRss, process.memoryUsage().rss);
const firstSeedPeakRss = peakRss;
const firstSeedWallMs = performance.now() - t0;
// Further seeds (after the measured run: wall time, memory and event-loop figures are the first seed's).
const seedRuns: { seed: number; previous: TrainOutcome[]; test: TrainOutcome[] }[] = [
  { seed: SERVER_SEED, previous: previousOutcomes, test: outcomes },
];
for (let k = 1; k < SEEDS; k++) {
  const seed = SERVER_SEED + k;
  const previous = TWO_YEARS
    ? await train(
        truncatedPanel(dataset.panel, dataset.panel.dates.length - YEAR_DAYS),
        `seed ${seed} previous year`,
        seed,
      )
    : [];
  const test = await train(dataset.panel, `seed ${seed} test year`, seed);
  seedRuns.push({ seed, previous, test });
  process.stdout.write('\n');
}
// The earlier year, after the measured run like the further seeds.
const earlierOutcomes: TrainOutcome[] = EARLIER_YEAR
  ? await train(truncatedPanel(dataset.panel, dataset.panel.dates.length - 2 * YEAR_DAYS), 'earlier year')
  : [];
if (EARLIER_YEAR) process.stdout.write('\n');
await pool.close();
server.close();
clearInterval(rssTimer);
peakRss = firstSeedPeakRss;

const ms = (ns: number) => Math.max(0, ns / 1e6 - ELD_RESOLUTION_MS);
const pct = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(2) : 'n/a');
const num = (v: unknown, d = 4) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(d) : 'n/a');
const evalOf = (o: TrainOutcome): AlgorithmEvaluation => algorithmEvaluationSchema.parse(o.evaluation);
const window = (list: TrainOutcome[]) => {
  const ev = list.map(evalOf);
  const from =
    ev
      .map((e) => e.evaluatedFrom)
      .filter((d): d is string => !!d)
      .sort()[0] ?? 'n/a';
  const to =
    ev
      .map((e) => e.evaluatedTo)
      .filter((d): d is string => !!d)
      .sort()
      .at(-1) ?? 'n/a';
  return `${from} … ${to}`;
};
const scoredWindow = window(outcomes);
const previousWindow = previousOutcomes.length > 0 ? window(previousOutcomes) : 'n/a';
const earlierWindow = earlierOutcomes.length > 0 ? window(earlierOutcomes) : 'n/a';

// Per algorithm, horizon and year: a figure over the seeds (mean, sd, min, max); null where any seed has none.
interface SeedSpread {
  mean: number;
  sd: number;
  min: number;
  max: number;
}
const spreadOf = (values: (number | null | undefined)[]): SeedSpread | null => {
  if (values.some((v) => typeof v !== 'number' || !Number.isFinite(v))) return null;
  const v = values as number[];
  const mean = v.reduce((a, b) => a + b, 0) / v.length;
  const sd = v.length > 1 ? Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / (v.length - 1)) : 0;
  return { mean, sd, min: Math.min(...v), max: Math.max(...v) };
};
const acrossSeeds = (
  year: 'previous' | 'test',
  id: string,
  h: number,
  pick: (e: AlgorithmEvaluation) => number | null,
) =>
  spreadOf(
    seedRuns.map((r) => {
      const o = r[year].find((x) => x.algorithmId === id && x.horizon === h);
      return o && !o.error ? pick(evalOf(o)) : null;
    }),
  );

// The champion of each horizon, chosen on the previous year only, as the server chooses it: on its one run seed (the
// first here), the draw it serves. With --seeds > 1 the seed average's choice is shown beside it where the two part.
// The server's rule (decision 0054): a model only when its edge over the best factor has NW t ≥ CHAMPION_MIN_T on the
// selection year; otherwise the factor's ranking is served (reported as such below).
const choicesBy = (seedAverage: boolean): Map<number, ProductionChoice> =>
  new Map(
    HORIZONS.map((h) => [
      h,
      chooseProduction(
        previousOutcomes
          .filter((o) => o.horizon === h)
          .map((o) => {
            const e = evalOf(o);
            const averaged = acrossSeeds('previous', o.algorithmId, h, (x) => x.rankIcDiffVsBestFactor);
            const averagedT = acrossSeeds('previous', o.algorithmId, h, (x) => x.rankIcDiffNwT);
            return {
              algorithmId: o.algorithmId,
              rankIcDiffVsBestFactor: seedAverage ? (averaged?.mean ?? null) : e.rankIcDiffVsBestFactor,
              rankIcDiffNwT: seedAverage ? (averagedT?.mean ?? null) : e.rankIcDiffNwT,
              bestFactorId: e.bestFactorId,
              rankIcDays: e.rankIc.days,
              error: o.error,
            };
          }),
      ),
    ]),
  );
const modelOf = (choices: Map<number, ProductionChoice>) =>
  new Map(
    HORIZONS.map((h) => {
      const c = choices.get(h);
      return [h, c?.kind === 'model' ? c.algorithmId : null];
    }),
  );
const choices = choicesBy(false);
const champions = modelOf(choices);
const seedAverageChampions = modelOf(choicesBy(true));

const header = [
  'algorithm',
  'category',
  'h',
  'year',
  'hit %',
  'market dir. %',
  'edge pts [95% day-clustered]',
  'hit 95% CI day-clustered (Wilson)',
  'zero-return %',
  'Rank IC',
  'NW t',
  'best factor',
  'Δ vs best factor (NW t)',
  'tradable Rank IC',
  'skill vs RW',
  'walk-forward s',
  'final fit s',
  'error',
];
const rowOf = (o: TrainOutcome, year: string) => {
  const e = evalOf(o);
  const alg = ALGORITHMS.find((a) => a.id === o.algorithmId);
  const champion = champions.get(o.horizon) === o.algorithmId ? ' ★' : '';
  return [
    `${o.algorithmId}${champion}`,
    alg?.category ?? '',
    String(o.horizon),
    year,
    pct(e.accuracyPercent),
    pct(e.baselinePercent),
    `${num(e.edgePoints, 2)} [${num(e.edgeClusteredCiLowPoints, 2)}, ${num(e.edgeClusteredCiHighPoints, 2)}]`,
    `[${pct(e.accuracyClusteredCiLowPercent)}, ${pct(e.accuracyClusteredCiHighPercent)}] ([${pct(e.accuracyCiLowPercent)}, ${pct(e.accuracyCiHighPercent)}])`,
    pct(e.zeroReturnSharePercent),
    num(e.rankIc.mean),
    num(e.rankIcNwT, 2),
    e.bestFactorId ?? 'n/a',
    `${num(e.rankIcDiffVsBestFactor)} (${num(e.rankIcDiffNwT, 2)})`,
    num(e.tradableRankIc?.mean),
    num(e.skillVsRandomWalk),
    (o.walkForwardMs / 1000).toFixed(1),
    (o.finalFitMs / 1000).toFixed(1),
    o.error ? o.error.slice(0, 80) : '',
  ];
};
const rows = [
  ...outcomes.map((o) => ({ o, year: 'test' })),
  ...previousOutcomes.map((o) => ({ o, year: 'previous' })),
  ...earlierOutcomes.map((o) => ({ o, year: 'earlier' })),
]
  .sort(
    (a, b) =>
      algorithmIds.indexOf(a.o.algorithmId) - algorithmIds.indexOf(b.o.algorithmId) ||
      a.o.horizon - b.o.horizon ||
      a.year.localeCompare(b.year),
  )
  .map(({ o, year }) => rowOf(o, year));
const table = [
  `| ${header.join(' | ')} |`,
  `|${header.map(() => '---').join('|')}|`,
  ...rows.map((r) => `| ${r.join(' | ')} |`),
].join('\n');

/** How far a served confidence level's realised rate may lie from its predicted rate (issue #32: ±3 points). */
const RELIABILITY_GAP_POINTS = 3;
/** The served levels of a reliability table (bins of ≥ RELIABILITY_MIN_BIN_ROWS rows, measuredLevelOf) and their gaps. */
const servedLevelsLine = (bins: NonNullable<AlgorithmEvaluation['calibration']>['reliability']): string => {
  const served = bins.filter((b) => b.realisedPercent !== null && b.count >= RELIABILITY_MIN_BIN_ROWS);
  const gaps = served.map((b) => (b.realisedPercent ?? NaN) - (b.predictedPercent ?? NaN));
  const within = gaps.filter((g) => Math.abs(g) <= RELIABILITY_GAP_POINTS).length;
  const worst = gaps.reduce((m, g) => (Math.abs(g) > Math.abs(m) ? g : m), 0);
  return `served levels (bins of ≥ ${RELIABILITY_MIN_BIN_ROWS} rows): ${served.length}; within ±${RELIABILITY_GAP_POINTS} points: ${within} of ${served.length}${served.length > 0 ? ` (largest gap ${num(worst, 2)} points)` : ''}`;
};
/** The test-year figures (and the earlier year's, and the reliability table) of `id` as the production model of h. */
const championFigures = (h: number, id: string, label: string): string[] => {
  const test = outcomes.find((o) => o.horizon === h && o.algorithmId === id);
  if (!test) return [`- h = ${h}: ${label} **${id}** has no test-year run`];
  const prev = previousOutcomes.find((o) => o.horizon === h && o.algorithmId === id);
  const e = evalOf(test);
  const p = prev ? evalOf(prev) : null;
  const lines = [
    `- h = ${h}: ${label} **${id}** (chosen on the previous year: Δ Rank IC vs best factor ${num(p?.rankIcDiffVsBestFactor)}, Rank IC ${num(p?.rankIc.mean)}). Test year: Rank IC ${num(e.rankIc.mean)} (NW t ${num(e.rankIcNwT, 2)}), Δ vs best factor (${e.bestFactorId}) ${num(e.rankIcDiffVsBestFactor)} (NW t ${num(e.rankIcDiffNwT, 2)}), tradable Rank IC ${num(e.tradableRankIc?.mean)}; hit ${pct(e.accuracyPercent)} % vs market direction ${pct(e.baselinePercent)} %, edge ${num(e.edgePoints, 2)} [${num(e.edgeClusteredCiLowPoints, 2)}, ${num(e.edgeClusteredCiHighPoints, 2)}]`,
  ];
  const earlier = earlierOutcomes.find((o) => o.horizon === h && o.algorithmId === id);
  if (earlier) {
    const r = evalOf(earlier);
    lines.push(
      `  Earlier year (${earlierWindow}): Rank IC ${num(r.rankIc.mean)} (NW t ${num(r.rankIcNwT, 2)}), Δ vs best factor (${r.bestFactorId}) ${num(r.rankIcDiffVsBestFactor)} (NW t ${num(r.rankIcDiffNwT, 2)}), tradable Rank IC ${num(r.tradableRankIc?.mean)}`,
    );
  }
  const reliability = (year: string, r: AlgorithmEvaluation) => {
    const bins = r.calibration?.reliability.filter((b) => b.count > 0) ?? [];
    if (bins.length === 0) return;
    lines.push(
      '',
      `  reliability (${year}, cross-sectional direction = above the day's median; cross-fitted by half-year):`,
      '',
      '  | predicted bin % | rows | mean predicted % | realised % [95% day-clustered] | gap pts | gap / SE | served level | within ±3 pts |',
      '  |---|---|---|---|---|---|---|---|',
      ...bins.map((b) => {
        const gap = (b.realisedPercent ?? NaN) - (b.predictedPercent ?? NaN);
        const se = b.realisedSePoints ?? NaN;
        const served = b.realisedPercent !== null && b.count >= RELIABILITY_MIN_BIN_ROWS;
        return `  | ${b.lowPercent.toFixed(0)}–${b.highPercent.toFixed(0)} | ${b.count} | ${pct(b.predictedPercent)} | ${pct(b.realisedPercent)} [${pct((b.realisedPercent ?? NaN) - Z_95 * se)}, ${pct((b.realisedPercent ?? NaN) + Z_95 * se)}] | ${num(gap, 2)} | ${num(gap / se, 2)} | ${served ? 'yes' : `no (< ${RELIABILITY_MIN_BIN_ROWS} rows)`} | ${served ? (Math.abs(gap) <= RELIABILITY_GAP_POINTS ? 'yes' : '**no**') : '–'} |`;
      }),
      '',
      `  ${servedLevelsLine(bins)}`,
      '',
    );
  };
  reliability('test year', e);
  if (earlier) reliability(`earlier year ${earlierWindow}`, evalOf(earlier));
  return lines;
};
/** A factor's Rank IC (NW t) on the test year and the earlier year, from the ladder of any run of h (same rows). */
const factorFigures = (h: number, factorId: string): string => {
  const ladderOf = (list: TrainOutcome[]) =>
    list
      .filter((o) => o.horizon === h && !o.error)
      .map((o) => evalOf(o).factorLadder.find((f) => f.id === factorId))
      .find((f) => f !== undefined);
  const test = ladderOf(outcomes);
  const earlier = ladderOf(earlierOutcomes);
  return `Its ranking's Rank IC: test year ${num(test?.rankIcMean)} (NW t ${num(test?.rankIcNwT, 2)})${EARLIER_YEAR ? `, earlier year ${num(earlier?.rankIcMean)} (NW t ${num(earlier?.rankIcNwT, 2)})` : ''}.`;
};
/**
 * The server's own choice at the end of the history: the same rule (chooseProduction) over the test-year walk-forward's
 * selection windows (its earlier half, productionCandidateOf) — what a server trained on this history serves — with
 * that model's figures on the holdout half (data it was not selected on).
 */
const serverChoiceLine = (h: number): string | null => {
  const list = outcomes.filter((o) => o.horizon === h);
  if (list.length === 0) return null;
  const choice = chooseProduction(list.map((o) => productionCandidateOf(o.algorithmId, evalOf(o), o.error)));
  if (!choice) return `- h = ${h}, server's choice at the end of the history: none`;
  if (choice.kind === 'factor')
    return `- h = ${h}, server's choice at the end of the history (selection half of the test year): the factor ${choice.factorId} — no model cleared NW t ≥ ${CHAMPION_MIN_T} there`;
  const o = list.find((x) => x.algorithmId === choice.algorithmId)!;
  const periods = evalOf(o).periods ?? [];
  const sel = periods.find((p) => p.role === 'selection');
  const hold = periods.find((p) => p.role === 'holdout');
  return `- h = ${h}, server's choice at the end of the history (selection half of the test year, ${sel?.from} … ${sel?.to}: Δ ${num(sel?.rankIcDiffVsBestFactor)}, NW t ${num(sel?.rankIcDiffNwT, 2)}): **${choice.algorithmId}**; holdout half ${hold?.from} … ${hold?.to}: Rank IC ${num(hold?.rankIcMean)}, Δ vs ${hold?.bestFactorId} ${num(hold?.rankIcDiffVsBestFactor)} (NW t ${num(hold?.rankIcDiffNwT, 2)}), relative hit ${pct(hold?.relativeHitPercent)} %`;
};
// The factor ladder and the champion's figures and reliability table, per horizon.
const championLines: string[] = [];
for (const h of HORIZONS) {
  const id = champions.get(h) ?? null;
  const anyTest =
    outcomes.find((o) => o.horizon === h && evalOf(o).accuracyPercent !== null) ??
    outcomes.find((o) => o.horizon === h);
  if (anyTest) {
    const ladder = evalOf(anyTest).factorLadder;
    championLines.push(
      `- h = ${h}, factor ladder on the test year (rows of ${anyTest.algorithmId}): ${ladder
        .map((f) => `${f.id} Rank IC ${num(f.rankIcMean)} (NW t ${num(f.rankIcNwT, 2)})`)
        .join(
          '; ',
        )}; always-up ${pct(evalOf(anyTest).alwaysUpPercent)} %, always-down ${pct(evalOf(anyTest).alwaysDownPercent)} %`,
    );
  }
  const serverLine = serverChoiceLine(h);
  if (!id) {
    const choice = choices.get(h);
    championLines.push(
      choice?.kind === 'factor'
        ? `- h = ${h}: the factor served — no model beat ${choice.factorId} on the previous year with NW t ≥ ${CHAMPION_MIN_T}. ${factorFigures(h, choice.factorId)}`
        : `- h = ${h}: no champion (${TWO_YEARS ? 'no qualifying candidate' : 'previous year skipped'})`,
    );
    if (serverLine) championLines.push(serverLine);
    continue;
  }
  championLines.push(...championFigures(h, id, 'champion'));
  if (serverLine) championLines.push(serverLine);
  const averageId = seedAverageChampions.get(h) ?? null;
  if (SEEDS > 1 && averageId && averageId !== id)
    championLines.push(
      ...championFigures(h, averageId, `for comparison, the seed-average Δ over ${SEEDS} seeds would choose`),
    );
}
const summary = [
  `- command: \`npm run bench:ml --${args.map((a) => ` ${a}`).join('')}\``,
  `- dataset: ${dataset.description}`,
  `- algorithms: ${algorithmIds.length} × horizons ${HORIZONS.join(', ')}; walk-forward: expanding window, retrain every 20 trading days, 250 days scored per year: test year ${scoredWindow}, previous year ${previousWindow}${EARLIER_YEAR ? `, earlier year ${earlierWindow}` : ''}; worker threads: ${WORKERS} on ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'cpu'})`,
  `- total wall time${SEEDS > 1 ? ' (first seed)' : ''}: ${(firstSeedWallMs / 1000).toFixed(1)} s (data ${(loadMs / 1000).toFixed(1)} s, training + evaluation ${(trainMs / 1000).toFixed(1)} s)`,
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
// The seed spread: every algorithm's figures over the run seeds (a learner whose figure moves with the seed alone
// cannot be ranked on one draw; a deterministic one shows sd 0).
const fmtSpread = (x: SeedSpread | null, d = 4) =>
  x ? `${x.mean.toFixed(d)} (sd ${x.sd.toFixed(d)}) [${x.min.toFixed(d)}, ${x.max.toFixed(d)}]` : 'n/a';
let seedSection = '';
if (SEEDS > 1) {
  for (const h of HORIZONS) {
    const id = champions.get(h);
    if (!id) continue;
    championLines.push(
      `- h = ${h}, champion **${id}** over ${SEEDS} seeds (${seedRuns.map((r) => r.seed).join(', ')}): previous year Δ vs best factor ${fmtSpread(acrossSeeds('previous', id, h, (e) => e.rankIcDiffVsBestFactor))}; test year Rank IC ${fmtSpread(acrossSeeds('test', id, h, (e) => e.rankIc.mean))}, Δ vs best factor ${fmtSpread(acrossSeeds('test', id, h, (e) => e.rankIcDiffVsBestFactor))} (NW t ${fmtSpread(
        acrossSeeds('test', id, h, (e) => e.rankIcDiffNwT),
        2,
      )}), tradable Rank IC ${fmtSpread(acrossSeeds('test', id, h, (e) => e.tradableRankIc?.mean ?? null))}`,
    );
  }
  const seedHeader = [
    'algorithm',
    'h',
    'year',
    'Rank IC mean (sd) [min, max]',
    'Δ vs best factor mean (sd) [min, max]',
    'Δ NW t mean (sd) [min, max]',
    'edge pts mean (sd) [min, max]',
  ];
  const seedRows: string[][] = [];
  for (const id of algorithmIds)
    for (const h of HORIZONS)
      for (const year of TWO_YEARS ? (['test', 'previous'] as const) : (['test'] as const))
        seedRows.push([
          `${id}${champions.get(h) === id ? ' ★' : ''}`,
          String(h),
          year,
          fmtSpread(acrossSeeds(year, id, h, (e) => e.rankIc.mean)),
          fmtSpread(acrossSeeds(year, id, h, (e) => e.rankIcDiffVsBestFactor)),
          fmtSpread(
            acrossSeeds(year, id, h, (e) => e.rankIcDiffNwT),
            2,
          ),
          fmtSpread(
            acrossSeeds(year, id, h, (e) => e.edgePoints),
            2,
          ),
        ]);
  seedSection = `\n\n## Seed spread (${SEEDS} run seeds: ${seedRuns.map((r) => r.seed).join(', ')}; ★ = the champion, chosen on seed ${SERVER_SEED}'s previous year as the server does)\n\n${[
    `| ${seedHeader.join(' | ')} |`,
    `|${seedHeader.map(() => '---').join('|')}|`,
    ...seedRows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n')}`;
}
const champ = championLines.join('\n');
console.log(
  `\n${table}${seedSection}\n\n${summary}\n\n## Production model (champion) per horizon\n\n${champ}`,
);
const outDir = path.join(HERE, 'results');
fs.mkdirSync(outDir, { recursive: true });
const outFile = path.join(outDir, `ml-${dataset.name}${EARLIER_YEAR ? '-earlier-year' : ''}.md`);
fs.writeFileSync(
  outFile,
  `# bench:ml — ${dataset.name}\n\n${summary}\n\n## Production model (champion) per horizon\n\n${champ}\n\n## All algorithms (★ = champion${SEEDS > 1 ? `; seed ${SERVER_SEED}, the served draw` : ''})\n\n${table}${seedSection}\n`,
);
console.log(`\nwritten to ${path.relative(process.cwd(), outFile)}`);
process.exit(0);
