// bench:ml-cancel — how fast a cancelled ML task stops: the time from abort() to the task's rejection and until a
// next task has run on the thread that replaced it, over several trials with slow algorithms running. The server's run-level cancel adds at
// most one status poll (250 ms) in the process that runs the job. Writes bench/results/ml-cancel.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { PREDICTION_HORIZONS } from '@bist/contracts';
import { syntheticPanel } from '@bist/ml';
import { trainOnPool } from '../apps/server/src/jobs/ml-engine.ts';
import { payloadOfPanel } from '../apps/server/src/jobs/ml-protocol.ts';
import { MlWorkerPool, TaskCancelledError } from '../apps/server/src/jobs/worker-pool.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TRIALS = 10;

const pool = new MlWorkerPool(1);
const panel = payloadOfPanel(syntheticPanel({ nSeries: 40, nDays: 220, seed: 11, continuation: 0.3 }));
const settings = { evalDays: 60, retrainEvery: 20, minTrainDays: 60, seed: 1 };
const rejectMs: number[] = [];
const freeMs: number[] = [];
for (let trial = 0; trial < TRIALS; trial++) {
  const controller = new AbortController();
  const running = trainOnPool(
    pool,
    panel,
    ['arima', 'kalman-trend', 'huber'],
    PREDICTION_HORIZONS,
    settings,
    {
      signal: controller.signal,
    },
  );
  await new Promise((r) => setTimeout(r, 300 + 50 * trial));
  const t0 = performance.now();
  controller.abort();
  try {
    await running;
    throw new Error('the task finished before it was cancelled: lengthen the work');
  } catch (error) {
    if (!(error instanceof TaskCancelledError)) throw error;
  }
  rejectMs.push(performance.now() - t0);
  // The cancelled thread is terminated and replaced: the next task runs once the new thread has loaded.
  await trainOnPool(pool, panel, ['random-walk'], [1], settings);
  freeMs.push(performance.now() - t0);
}
await pool.close();

const q = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil(p * values.length) - 1]!;
const row = (name: string, v: number[]) => `| ${name} | ${q(v, 0.5).toFixed(1)} | ${q(v, 1).toFixed(1)} |`;
const report = [
  `bench:ml-cancel — ${TRIALS} trials, 1 worker thread, node ${process.version}, ${os.availableParallelism()} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}`,
  '',
  '| from abort() to | median ms | max ms |',
  '|---|---|---|',
  row('the task rejecting', rejectMs),
  row('a next (trivial) task done on the replacement thread', freeMs),
  '',
].join('\n');
fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
fs.writeFileSync(path.join(HERE, 'results', 'ml-cancel.md'), report);
console.log(report);
