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
  const base = algorithmIds.filter((id) => !needsStack(id));
  const ensembles = algorithmIds.filter((id) => needsStack(id));
  const parts = split(base, pool.size);
  const results = await Promise.all(
    parts.map((ids) =>
      pool.run(
        {
          kind: 'train',
          panel: clonePanel(panel),
          algorithmIds: ids,
          horizons: [...horizons],
          walkForward: settings,
        },
        runOptions,
      ),
    ),
  );
  const outcomes: TrainOutcome[] = results.flatMap((r) =>
    r.kind === 'train' ? r.outcomes.map(checked) : [],
  );
  if (ensembles.length > 0) {
    const stackBase = outcomes
      .filter((o) => o.error === null)
      // Moved, not copied (no 100 MB memcpy on the main thread): the base outcomes' `oos` arrays are empty afterwards.
      .map((o) => o.oos);
    const r = await pool.run(
      {
        kind: 'train',
        panel: clonePanel(panel),
        algorithmIds: ensembles,
        horizons: [...horizons],
        walkForward: settings,
        stackBase,
      },
      runOptions,
    );
    if (r.kind === 'train') outcomes.push(...r.outcomes.map(checked));
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
