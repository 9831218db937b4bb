/**
 * Time budget check: synthetic panel (600 seeded random walks × 750 days, weak planted lag-1 continuation), features,
 * then the full walk-forward (both horizons) of every registered algorithm, and one final fit per algorithm as the
 * nightly job would do, in one thread without the server's worker pool (bench/ml.ts measures that path). Run:
 * `npx tsx bench/lib/ml-smoke.ts`. Budget: under 10 minutes of CPU on 2 cores.
 */
import {
  ALGORITHMS,
  buildFeatures,
  fitLatest,
  HORIZONS,
  stackInputsFromRuns,
  syntheticPanel,
  walkForward,
  type WalkForwardRun,
} from '@bist/ml';

const N_SERIES = 600;
const N_DAYS = 750;
const now = (): number => performance.now();
const pct = (v: number): string => (100 * v).toFixed(2).padStart(6);
const num = (v: number, d = 4): string => (Number.isFinite(v) ? v.toFixed(d) : 'n/a').padStart(8);

const t0 = now();
const panel = syntheticPanel({ nSeries: N_SERIES, nDays: N_DAYS, seed: 2026, continuation: 0.05 });
const fs = buildFeatures(panel);
const tFeatures = now() - t0;
console.log(
  `panel ${N_SERIES} × ${N_DAYS}: ${fs.rows} rows × ${fs.cols} features in ${(tFeatures / 1000).toFixed(1)} s`,
);
console.log(
  'h  algorithm               fit+pred s   hit %   [Wilson 95%]      [day-clustered]     skill    rankIC    ICIR   final fit s',
);

const totals = new Map<string, number>();
for (const horizon of HORIZONS) {
  const runs: WalkForwardRun[] = [];
  walkForward(fs, ALGORITHMS, { horizon, clock: now, seed: 7 }, (run) => {
    runs.push(run);
    const alg = ALGORITHMS.find((a) => a.id === run.algorithmId)!;
    // The production job also fits once on everything realised today; time that too.
    const tf = now();
    const stack = alg.needsStack
      ? stackInputsFromRuns(
          fs,
          runs.filter((r) => r.algorithmId !== alg.id),
        )
      : undefined;
    fitLatest(fs, alg, horizon, stack ? { stack } : {});
    const finalFit = now() - tf;
    const m = run.metrics;
    const wf = (run.fitMs + run.predictMs) / 1000;
    totals.set(run.algorithmId, (totals.get(run.algorithmId) ?? 0) + wf + finalFit / 1000);
    console.log(
      `${horizon}  ${run.algorithmId.padEnd(22)} ${wf.toFixed(1).padStart(9)}  ${pct(m.hitRate)}  [${pct(m.hitRateLow)}, ${pct(m.hitRateHigh)}]` +
        `  [${pct(m.hitRateClusteredLow)}, ${pct(m.hitRateClusteredHigh)}]` +
        `${num(m.skillVsRandomWalk)}${num(m.rankIc.mean)}${num(m.rankIc.icir, 2)}${(finalFit / 1000).toFixed(1).padStart(10)}${run.error ? `  ERROR ${run.error}` : ''}`,
    );
  });
}
const total = (now() - t0) / 1000;
console.log('\nper algorithm, both horizons incl. final fit (s):');
for (const [id, s] of [...totals].sort((a, b) => b[1] - a[1]))
  console.log(`  ${id.padEnd(22)} ${s.toFixed(1)}`);
console.log(`\nTOTAL wall time ${total.toFixed(1)} s (budget 600 s), ${ALGORITHMS.length} algorithms`);
