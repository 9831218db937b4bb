// The ML job system in tests: pg-boss jobs in a real worker-thread pool on a short simulated history, with only the
// cheap algorithms enabled so a training takes seconds.
import { algorithmEvaluationSchema, type AlgorithmEvaluation } from '@bist/contracts';
import { MlQueue } from '@/jobs/ml-queue';
import { createQueue } from '@/jobs/queue';
import { MlWorkerPool } from '@/jobs/worker-pool';
import type { MarketEngine } from '@/market/engine';
import { createMarketTestApp, type Backend, type TestApp } from './helpers.ts';

/** The algorithms left enabled: the random walk, OLS and ridge. */
export const CHEAP_ALGORITHMS = ['random-walk', 'ols', 'ridge'];

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

export type MlTestApp = TestApp & { engine: MarketEngine; pool: MlWorkerPool };

/** Polls `read` every 50 ms until `done` holds or `timeoutMs` passes; returns the last value either way. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (v: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A demo-mode app from 2026-06-01 (about 120 trading days: enough for the 61-bar features and a short walk-forward)
 * with the job system started and working, the demo staff prepared and only `CHEAP_ALGORITHMS` enabled.
 */
export async function createMlTestApp(backend: Backend): Promise<MlTestApp> {
  let pool: MlWorkerPool | undefined;
  const t = await createMarketTestApp({
    backend,
    startDate: '2026-06-01',
    config: { demoMode: true },
    jobs: (database) => {
      pool = new MlWorkerPool(2);
      return {
        queue: new MlQueue(createQueue(database, quiet), { pollingIntervalSeconds: 0.5 }),
        pool,
        walkForward: { evalDays: 30, retrainEvery: 10, minTrainDays: 25, maxTrainRows: 5_000, seed: 3 },
      };
    },
  });
  await t.services.adminAuth.prepareDemoStaff();
  const { runs, registry } = t.services.models;
  for (const a of (await t.services.predictions.algorithmList({ limit: 100, page: 1 })).value().algorithms) {
    await registry.setEnabled(a.algorithm_id, CHEAP_ALGORITHMS.includes(a.algorithm_id));
  }
  await runs.start();
  await runs.work();
  if (!pool) throw new Error('the job infrastructure was not created');
  return Object.assign(t, { pool });
}

/**
 * A stored walk-forward record at h = 1 with plausible figures (hit rate 53 % beside a 52.5 % market direction, an
 * edge whose interval spans 0) and the given edge-adjusted Rank IC: what the production-model rule ranks by.
 */
export function walkForwardRecord(
  algorithmId: string,
  rankIcDiff: number,
  asOf: string,
  /** Newey–West t of the edge: above the production bar (2) unless a test says otherwise. */
  rankIcDiffNwT = 3,
): AlgorithmEvaluation {
  const ic = { mean: 0.02, sd: 0.1, icir: 0.2, days: 200 };
  return algorithmEvaluationSchema.parse({
    algorithmId,
    horizonDays: 1,
    source: 'walk_forward',
    accuracyPercent: 53,
    accuracyCiLowPercent: 52.5,
    accuracyCiHighPercent: 53.5,
    accuracyClusteredCiLowPercent: 51,
    accuracyClusteredCiHighPercent: 55,
    alwaysUpPercent: 47.5,
    alwaysDownPercent: 52.5,
    baselinePercent: 52.5,
    edgePoints: 0.5,
    edgeClusteredCiLowPoints: -1,
    edgeClusteredCiHighPoints: 2,
    rankIcDiffVsBestFactor: rankIcDiff,
    rankIcDiffNwT,
    bestFactorId: 'low_volatility',
    mae: 0.01,
    rmse: 0.02,
    skillVsRandomWalk: 0,
    r2: 0,
    ic,
    rankIc: ic,
    predictionsCount: 20_000,
    evaluatedFrom: '2025-11-17',
    evaluatedTo: asOf,
    recentDays: [],
  });
}
