/**
 * Per-algorithm CPU time and output fingerprint through the worker's own code path (runTrainTask: features, walk-forward
 * and final fit), in this thread, on the embedded universe: `npx tsx bench/lib/ml-profile.ts [ids] [--save f] [--check f]`.
 * --save writes every algorithm's out-of-sample predictions and final model JSON; --check compares against such a
 * file (max abs difference of the predictions, model JSON equality), so a speed-up can prove it changed nothing.
 * Profile one algorithm: `node --cpu-prof --import tsx bench/lib/ml-profile.ts knn`.
 */
import fs from 'node:fs';
import { ALGORITHMS } from '@bist/ml';
import { runTrainTask } from '../../apps/server/src/jobs/ml-tasks.ts';
import { simulatedDataset } from './ml-data.ts';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const ids = (args[0] && !args[0].startsWith('--') ? args[0].split(',') : ALGORITHMS.map((a) => a.id)).filter(
  (id) => ALGORITHMS.find((a) => a.id === id && !a.needsStack),
);
const dataset = simulatedDataset(20_260_101, '2023-11-13', '2026-11-20');
// CPU time of this process (one busy thread), not wall time: the figures hold on a loaded machine.
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const t0 = cpuMs();
const outcomes = runTrainTask(
  { kind: 'train', panel: dataset.panel, algorithmIds: ids, horizons: [1, 5], walkForward: { seed: 7 } },
  cpuMs,
  () => undefined,
);
const total = (cpuMs() - t0) / 1000;
const byAlg = new Map<string, number>();
for (const o of outcomes) {
  const s = (o.walkForwardMs + o.finalFitMs) / 1000;
  byAlg.set(o.algorithmId, (byAlg.get(o.algorithmId) ?? 0) + s);
  console.log(
    `${o.algorithmId.padEnd(22)} h=${o.horizon} walk-forward ${(o.walkForwardMs / 1000).toFixed(2).padStart(7)} s  final fit ${(o.finalFitMs / 1000).toFixed(2).padStart(6)} s  Rank IC ${o.evaluation.rankIc.mean?.toFixed(5)}${o.error ? `  ERROR ${o.error}` : ''}`,
  );
}
console.log(`total ${total.toFixed(1)} s of CPU (incl. features); per algorithm, both horizons:`);
for (const [id, s] of [...byAlg].sort((a, b) => b[1] - a[1]))
  console.log(`  ${id.padEnd(22)} ${s.toFixed(2)}`);

type Saved = Record<string, { expectedReturn: number[]; stateJson: string | null }>;
const key = (id: string, h: number) => `${id}@${h}`;
const save = flag('save');
if (save) {
  const out: Saved = {};
  for (const o of outcomes)
    out[key(o.algorithmId, o.horizon)] = {
      expectedReturn: Array.from(o.oos.expectedReturn),
      stateJson: o.stateJson,
    };
  fs.writeFileSync(save, JSON.stringify(out));
}
const check = flag('check');
if (check) {
  const ref = JSON.parse(fs.readFileSync(check, 'utf8')) as Saved;
  for (const o of outcomes) {
    const r = ref[key(o.algorithmId, o.horizon)];
    if (!r) continue;
    let maxDiff = r.expectedReturn.length === o.oos.expectedReturn.length ? 0 : Infinity;
    for (let i = 0; i < o.oos.expectedReturn.length && maxDiff < Infinity; i++)
      maxDiff = Math.max(maxDiff, Math.abs(o.oos.expectedReturn[i]! - r.expectedReturn[i]!));
    console.log(
      `check ${key(o.algorithmId, o.horizon).padEnd(24)} max |Δ prediction| ${maxDiff.toExponential(2)}  model ${o.stateJson === r.stateJson ? 'identical' : 'DIFFERENT'}`,
    );
  }
}
