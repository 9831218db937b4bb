// The worker pool and the engine on a small seeded panel (no database): base algorithms in parallel threads, the
// stacking ensemble on their out-of-sample predictions, serving with the confidence rule, and cancellation.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { syntheticPanel } from '@bist/ml';
import { predictOnPool, trainOnPool } from './ml-engine.ts';
import { payloadOfPanel } from './ml-protocol.ts';
import { MlWorkerPool, TaskCancelledError } from './worker-pool.ts';

describe('trainOnPool / predictOnPool', () => {
  let pool: MlWorkerPool;
  // A planted lag-1 continuation that OLS can find; 40 stocks × 220 days keeps it quick.
  const panel = payloadOfPanel(syntheticPanel({ nSeries: 40, nDays: 220, seed: 11, continuation: 0.3 }));
  const settings = { evalDays: 60, retrainEvery: 20, minTrainDays: 60, seed: 1 };
  beforeAll(() => {
    pool = new MlWorkerPool(2);
  });
  afterAll(async () => pool.close());

  it('trains base algorithms in parallel and stacking on their out-of-sample predictions, then serves them', async () => {
    const progress: string[] = [];
    const outcomes = await trainOnPool(pool, panel, ['random-walk', 'ols', 'stacking'], [1], settings, {
      onProgress: (done, total, id) => progress.push(`${done}/${total} ${id}`),
    });
    expect(outcomes.map((o) => o.algorithmId)).toEqual(['random-walk', 'ols', 'stacking']);
    expect(progress).toHaveLength(3);
    expect(progress.at(-1)).toBe('3/3 stacking');
    for (const o of outcomes) {
      expect(o.error).toBeNull();
      expect(o.stateJson).not.toBeNull();
      expect(o.oos.algorithmId).toBe(o.algorithmId);
    }
    const [rw, ols, stack] = outcomes.map(
      (o) =>
        o.evaluation as {
          accuracyPercent: number | null;
          skillVsRandomWalk: number;
          predictionsCount: number;
        },
    );
    // The random walk predicts no change: no directional call, so no hit rate (there are no half-hits).
    expect(rw!.accuracyPercent).toBeNull();
    // The planted continuation: OLS beats the coin and the random walk out of sample; stacking uses it.
    expect(ols!.accuracyPercent).toBeGreaterThan(55);
    expect(ols!.skillVsRandomWalk).toBeGreaterThan(0);
    expect(stack!.predictionsCount).toBe(ols!.predictionsCount);

    const served = await predictOnPool(
      pool,
      panel,
      outcomes.map((o) => ({
        algorithmId: o.algorithmId,
        horizon: o.horizon,
        stateJson: o.stateJson!,
        hitRate: o.evaluation.accuracyPercent! / 100,
      })),
    );
    expect(served.map((s) => s.algorithmId).sort()).toEqual(['ols', 'random-walk', 'stacking']);
    for (const s of served) {
      expect(s.error).toBeNull();
      expect(s.asOfDate).toBe(panel.dates.at(-1));
      expect(s.seriesIndex.length).toBe(40);
      for (let i = 0; i < s.seriesIndex.length; i++) {
        expect(s.targetPrice[i]).toBeCloseTo(s.currentPrice[i]! * (1 + s.expectedReturn[i]!), 8);
        expect(s.confidence[i]).toBeGreaterThanOrEqual(0);
        expect(s.confidence[i]).toBeLessThanOrEqual(1);
        expect(s.direction[i]).toBe(Math.sign(s.expectedReturn[i]!));
      }
    }
    const olsServed = served.find((s) => s.algorithmId === 'ols')!;
    expect(new Set(olsServed.confidence).size).toBeGreaterThan(1);
  });

  it('cancels: the task rejects at once and the pool keeps working', async () => {
    const controller = new AbortController();
    const running = trainOnPool(pool, panel, ['arima', 'kalman-trend', 'huber'], [1, 5], settings, {
      signal: controller.signal,
    });
    // Abort while the threads are working, not before they start.
    await vi.waitFor(() => expect(pool.busy).toBeGreaterThan(0), { timeout: 30_000, interval: 5 });
    controller.abort();
    // How fast the stop is, is measured by `npm run bench:ml-cancel`, not asserted here.
    await expect(running).rejects.toBeInstanceOf(TaskCancelledError);
    expect(pool.busy).toBe(0);
    const again = await trainOnPool(pool, panel, ['random-walk'], [1], settings);
    expect(again).toHaveLength(1);
  });

  it('keeps working after tasks are cancelled before their fresh thread was ready', async () => {
    const single = new MlWorkerPool(1);
    try {
      for (let i = 0; i < 4; i++) {
        const controller = new AbortController();
        const running = trainOnPool(single, panel, ['huber'], [1], settings, { signal: controller.signal });
        controller.abort();
        await expect(running).rejects.toBeInstanceOf(TaskCancelledError);
      }
      expect(await trainOnPool(single, panel, ['random-walk'], [1], settings)).toHaveLength(1);
    } finally {
      await single.close();
    }
  });
});
