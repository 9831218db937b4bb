/**
 * Splits a training or predicting job across the worker pool: base algorithms in parallel (one task per thread, each
 * building the features once), then the ensembles on the base algorithms' out-of-sample predictions. Used by the
 * server's jobs and by bench/ml.ts, so the benchmark measures exactly the production path.
 */
import { algorithmEvaluationSchema } from '@bist/contracts';
import { algorithmById, type Horizon } from '@bist/ml';
import {
  clonePanel,
  type ModelForServing,
  type PanelPayload,
  type ServedOutcome,
  type TrainOutcome,
  type WalkForwardSettings,
} from './ml-protocol.ts';
import type { MlWorkerPool } from './worker-pool.ts';

export interface EngineRunOptions {
  signal?: AbortSignal;
  /** Called after each algorithm × horizon with the count done and the total. */
  onProgress?: (done: number, total: number, algorithmId: string, horizon: Horizon) => void;
}

/**
 * Approximate CPU seconds of an algorithm's walk-forward plus final fit, both horizons, on the embedded universe
 * (596 stocks × 3 years; bench/lib/ml-profile.ts, 2026-11-28). Only the order matters: the threads take the costliest
 * first, so the cheap ones fill the gaps at the end and the threads finish together. Unlisted ids count as 2 s.
 */
const COST_SECONDS: Readonly<Record<string, number>> = {
  lstm: 21,
  knn: 19,
  gru: 17,
  'hist-gbdt': 15,
  'kernel-ridge': 13,
  mlp: 12,
  cnn1d: 11,
  'extra-trees': 10,
  arima: 8,
  lda: 8,
  adaboost: 8,
  'random-forest': 7,
  cart: 7,
  'linear-svm': 6,
  'logistic-regression': 5,
  huber: 4,
  'garch-drift': 3.5,
  'kalman-trend': 3.5,
  'gaussian-nb': 2.5,
};

/** Algorithm ids ordered costliest first (ties keep the given order). */
function costliestFirst(ids: readonly string[]): string[] {
  const cost = (id: string) => COST_SECONDS[id] ?? 2;
  return ids
    .map((id, i) => ({ id, i }))
    .sort((a, b) => cost(b.id) - cost(a.id) || a.i - b.i)
    .map((x) => x.id);
}

/** Round-robin split keeping the registry order inside each part. */
function split<T>(items: readonly T[], parts: number): T[][] {
  const out: T[][] = Array.from({ length: Math.max(1, Math.min(parts, items.length)) }, () => []);
  items.forEach((item, i) => out[i % out.length]!.push(item));
  return out.filter((p) => p.length > 0);
}

const needsStack = (id: string) => algorithmById(id)?.needsStack === true;

/** A worker's evaluation record checked against the contract before anything stores or shows it. */
function checked(outcome: TrainOutcome): TrainOutcome {
  return { ...outcome, evaluation: algorithmEvaluationSchema.parse(outcome.evaluation) };
}

/**
 * Walk-forward evaluation plus final fit of every algorithm and horizon; results in the order of `algorithmIds`. With an
 * ensemble among them, the base outcomes' out-of-sample arrays (`oos`) are moved to its task and come back detached.
 */
export async function trainOnPool(
  pool: MlWorkerPool,
  panel: PanelPayload,
  algorithmIds: readonly string[],
  horizons: readonly Horizon[],
  settings: WalkForwardSettings,
  options: EngineRunOptions = {},
): Promise<TrainOutcome[]> {
  const total = algorithmIds.length * horizons.length;
  let done = 0;
  const onProgress = (algorithmId: string, horizon: Horizon) =>
    options.onProgress?.(++done, total, algorithmId, horizon);
  const runOptions = { onProgress, ...(options.signal ? { signal: options.signal } : {}) };
  const base = costliestFirst(algorithmIds.filter((id) => !needsStack(id)));
  const ensembles = algorithmIds.filter((id) => needsStack(id));
  // One task per thread over the same list, sharing a claim counter: each thread takes the next algorithm as it
  // finishes one (dynamic, costliest first), building the features once per thread.
  const claim = new Int32Array(new SharedArrayBuffer(4));
  const threads = Math.max(1, Math.min(pool.size, base.length));
  const results =
    base.length === 0
      ? []
      : await Promise.all(
          Array.from({ length: threads }, () =>
            pool.run(
              {
                kind: 'train',
                panel: clonePanel(panel),
                algorithmIds: base,
                horizons: [...horizons],
                walkForward: settings,
                claim,
              },
              runOptions,
            ),
          ),
        );
  const outcomes: TrainOutcome[] = results.flatMap((r) =>
    r.kind === 'train' ? r.outcomes.map(checked) : [],
  );
  if (ensembles.length > 0) {
    // Moved, not copied (no 100 MB memcpy on the main thread): the base outcomes' `oos` arrays are empty afterwards.
    // Each horizon's ensembles need only that horizon's base predictions: one task per horizon, in parallel.
    const stackable = outcomes.filter((o) => o.error === null).map((o) => o.oos);
    const ensembleResults = await Promise.all(
      horizons.map((h) =>
        pool.run(
          {
            kind: 'train',
            panel: clonePanel(panel),
            algorithmIds: ensembles,
            horizons: [h],
            walkForward: settings,
            stackBase: stackable.filter((o) => o.horizon === h),
          },
          runOptions,
        ),
      ),
    );
    for (const r of ensembleResults) if (r.kind === 'train') outcomes.push(...r.outcomes.map(checked));
  }
  const order = new Map(algorithmIds.map((id, i) => [id, i]));
  return outcomes.sort(
    (a, b) => order.get(a.algorithmId)! - order.get(b.algorithmId)! || a.horizon - b.horizon,
  );
}

/** Serves the latest close with stored models; ensembles run after (and in the same task as) their bases. */
export async function predictOnPool(
  pool: MlWorkerPool,
  panel: PanelPayload,
  models: readonly ModelForServing[],
  options: EngineRunOptions = {},
): Promise<ServedOutcome[]> {
  const total = models.length;
  let done = 0;
  const onProgress = (algorithmId: string, horizon: Horizon) =>
    options.onProgress?.(++done, total, algorithmId, horizon);
  const runOptions = { onProgress, ...(options.signal ? { signal: options.signal } : {}) };
  const hasEnsemble = models.some((m) => needsStack(m.algorithmId));
  // With an ensemble every base prediction must be in the same task; serving is cheap, so one task then.
  const parts = hasEnsemble ? [models] : split(models, pool.size);
  const results = await Promise.all(
    parts.map((ms) => pool.run({ kind: 'predict', panel: clonePanel(panel), models: [...ms] }, runOptions)),
  );
  return results.flatMap((r) => (r.kind === 'predict' ? r.outcomes : []));
}
