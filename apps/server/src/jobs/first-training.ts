/**
 * The order of a fresh install's first training: the models that were the production models (or best) before train
 * first, with their own train → predict → evaluate chain, so the first real predictions come from them in a
 * fraction of the full run; every other algorithm trains after that chain has served its predictions.
 */

/**
 * Trained first on a fresh install: cheap algorithms that rank well on the real BIST history (packages/ml/README.md:
 * the linear models, Rank IC ≈ 0.05 at h = 1 on the test year). The production models there — stacking at h = 1, which
 * needs every base algorithm's out-of-sample predictions, and hist-gbdt at h = 5 — train with the rest.
 */
export const FIRST_TRAINING_ALGORITHMS = [
  'bayesian-ridge',
  'ridge',
  'lasso',
  'elastic-net',
  'huber',
  'ols',
  'logistic-regression',
  'lda',
] as const;

/** The two phases of the first training over the enabled algorithms (registry order kept); empty phases dropped. */
export function firstTrainingPhases(enabled: readonly string[]): string[][] {
  const first = new Set<string>(FIRST_TRAINING_ALGORITHMS);
  const phases = [enabled.filter((id) => first.has(id)), enabled.filter((id) => !first.has(id))];
  return phases.filter((p) => p.length > 0);
}

/**
 * The phases a fresh install trains by itself: all of them, or only the first (ML_INITIAL_TRAINING=first-phase: the
 * quick models that serve the first predictions; the others wait for Train All or the scheduled retrain).
 */
export function initialTrainingPhases(enabled: readonly string[], mode: 'all' | 'first-phase'): string[][] {
  const phases = firstTrainingPhases(enabled);
  return mode === 'first-phase' ? phases.slice(0, 1) : phases;
}

export interface FirstTrainingDeps {
  /** Queues a chained train of these algorithms; resolves with the run's id. */
  requestChain(algorithmIds: string[]): Promise<string>;
  /** The run's status ('queued', 'running', 'succeeded', 'failed', 'cancelled'). */
  runStatus(runId: string): Promise<string>;
  /** Are there stored predictions yet? */
  hasPredictions(): Promise<boolean>;
  /** Waits between checks (a timer in production). */
  sleep(ms: number): Promise<void>;
  /** Stops waiting (the process is shutting down). */
  stopped(): boolean;
}

/** How often the first phase is checked, and how long its predictions may take after its training succeeded. */
export const FIRST_TRAINING_POLL_MS = 2_000;
export const FIRST_PREDICTIONS_GRACE_MS = 5 * 60_000;

/**
 * Runs the phases: queues the first chain, waits until its predictions are stored (or its training failed or was
 * cancelled, or the predictions have not come within FIRST_PREDICTIONS_GRACE_MS of its success), then queues the rest.
 * The next phase waits so that its long training does not hold the worker threads the first predictions need.
 * Resolves with the run ids queued.
 */
export async function runFirstTraining(
  phases: readonly string[][],
  deps: FirstTrainingDeps,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < phases.length; i++) {
    if (deps.stopped()) break;
    const runId = await deps.requestChain([...phases[i]!]);
    ids.push(runId);
    if (i === phases.length - 1) break;
    let waitedAfterSuccess = 0;
    for (;;) {
      if (deps.stopped()) return ids;
      if (await deps.hasPredictions()) break;
      const status = await deps.runStatus(runId);
      if (status === 'failed' || status === 'cancelled') break;
      if (status === 'succeeded') {
        if (waitedAfterSuccess >= FIRST_PREDICTIONS_GRACE_MS) break;
        waitedAfterSuccess += FIRST_TRAINING_POLL_MS;
      }
      await deps.sleep(FIRST_TRAINING_POLL_MS);
    }
  }
  return ids;
}
