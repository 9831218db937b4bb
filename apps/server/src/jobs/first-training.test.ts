import { describe, expect, it } from 'vitest';
import {
  FIRST_PREDICTIONS_GRACE_MS,
  FIRST_TRAINING_POLL_MS,
  firstTrainingPhases,
  initialTrainingPhases,
  runFirstTraining,
  type FirstTrainingDeps,
} from './first-training.ts';

describe(firstTrainingPhases.name, () => {
  it('puts the previously best, cheap models first and keeps registry order', () => {
    expect(firstTrainingPhases(['hist-gbdt', 'ridge', 'stacking', 'bayesian-ridge', 'knn'])).toEqual([
      ['ridge', 'bayesian-ridge'],
      ['hist-gbdt', 'stacking', 'knn'],
    ]);
    expect(firstTrainingPhases(['knn'])).toEqual([['knn']]);
    expect(firstTrainingPhases([])).toEqual([]);
  });
});

describe(initialTrainingPhases.name, () => {
  it('keeps every phase, or with first-phase only the quick models', () => {
    const enabled = ['hist-gbdt', 'ridge', 'stacking', 'bayesian-ridge'];
    expect(initialTrainingPhases(enabled, 'all')).toEqual([
      ['ridge', 'bayesian-ridge'],
      ['hist-gbdt', 'stacking'],
    ]);
    expect(initialTrainingPhases(enabled, 'first-phase')).toEqual([['ridge', 'bayesian-ridge']]);
  });
});

/** A fake queue: each check advances the first run by one step of `script`. */
function fakeDeps(script: { status: string; predictions: boolean }[]) {
  const requested: string[][] = [];
  let step = 0;
  let slept = 0;
  const at = () => script[Math.min(step, script.length - 1)]!;
  const deps: FirstTrainingDeps = {
    requestChain: (ids) => {
      requested.push(ids);
      return Promise.resolve(`run-${requested.length}`);
    },
    runStatus: () => Promise.resolve(at().status),
    hasPredictions: () => Promise.resolve(at().predictions),
    sleep: (ms) => {
      slept += ms;
      step++;
      return Promise.resolve();
    },
    stopped: () => false,
  };
  return { deps, requested, slept: () => slept };
}

describe(runFirstTraining.name, () => {
  const phases = [['ridge'], ['knn', 'stacking']];

  it('queues the rest only once the first phase has stored predictions', async () => {
    const f = fakeDeps([
      { status: 'queued', predictions: false },
      { status: 'running', predictions: false },
      { status: 'succeeded', predictions: false },
      { status: 'succeeded', predictions: true },
    ]);
    const checksBefore: number[] = [];
    const requestChain = f.deps.requestChain;
    f.deps.requestChain = (ids) => {
      checksBefore.push(f.slept());
      return requestChain(ids);
    };
    expect(await runFirstTraining(phases, f.deps)).toEqual(['run-1', 'run-2']);
    expect(f.requested).toEqual(phases);
    expect(checksBefore).toEqual([0, 3 * FIRST_TRAINING_POLL_MS]);
  });

  it('goes on at once when the first training failed', async () => {
    const f = fakeDeps([{ status: 'failed', predictions: false }]);
    expect(await runFirstTraining(phases, f.deps)).toEqual(['run-1', 'run-2']);
    expect(f.slept()).toBe(0);
  });

  it('goes on when the predictions do not come within the grace after a successful training', async () => {
    const f = fakeDeps([{ status: 'succeeded', predictions: false }]);
    expect(await runFirstTraining(phases, f.deps)).toEqual(['run-1', 'run-2']);
    expect(f.slept()).toBe(FIRST_PREDICTIONS_GRACE_MS);
  });

  it('stops waiting when the process stops', async () => {
    const f = fakeDeps([{ status: 'running', predictions: false }]);
    let checks = 0;
    f.deps.stopped = () => ++checks > 3;
    expect(await runFirstTraining(phases, f.deps)).toEqual(['run-1']);
  });
});
