// The worker's training task in-process: the served final fit is @bist/ml's fitLatest, seeded as the walk-forward.
import { describe, expect, it } from 'vitest';
import { algorithmById, buildFeatures, fitLatest, syntheticPanel } from '@bist/ml';
import { payloadOfPanel } from './ml-protocol.ts';
import { runTrainTask } from './ml-tasks.ts';

describe(runTrainTask.name, () => {
  it('stores exactly the model fitLatest gives for a randomised learner (one seed derivation)', () => {
    const source = syntheticPanel({ nSeries: 20, nDays: 180, seed: 4 });
    const panel = payloadOfPanel(source);
    const [out] = runTrainTask(
      {
        kind: 'train',
        panel,
        algorithmIds: ['knn'],
        horizons: [1],
        walkForward: { evalDays: 40, retrainEvery: 20, minTrainDays: 60, seed: 3, maxTrainRows: 800 },
      },
      () => 0,
      () => {},
    );
    expect(out!.error).toBeNull();
    const expected = fitLatest(buildFeatures(source), algorithmById('knn')!, 1, {
      seed: 3,
      maxTrainRows: 800,
    });
    expect(out!.stateJson).toBe(JSON.stringify(expected));
    // Another seed is another draw: the comparison above can fail.
    const other = fitLatest(buildFeatures(source), algorithmById('knn')!, 1, { seed: 4, maxTrainRows: 800 });
    expect(JSON.stringify(other)).not.toBe(out!.stateJson);
  });
});
