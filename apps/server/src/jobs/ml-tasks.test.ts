// The worker's training task in-process: the served final fit is @bist/ml's fitLatest, seeded as the walk-forward;
// the walk-forward's last target dates are kept for the accuracy history.
import { describe, expect, it } from 'vitest';
import { WALK_FORWARD_RECENT_DAYS, directionalHit } from '@bist/contracts';
import { algorithmById, buildFeatures, fitLatest, syntheticPanel, walkForwardAlgorithm } from '@bist/ml';
import { payloadOfPanel } from './ml-protocol.ts';
import {
  featuresOfPayload,
  panelOfPayload,
  recentWalkForwardDays,
  runDriftTask,
  runTrainTask,
  samePanelPayload,
} from './ml-tasks.ts';

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

describe('runTrainTask with a shared claim counter', () => {
  it('runs each listed algorithm once across the tasks that share the counter, in the listed order', () => {
    const panel = payloadOfPanel(syntheticPanel({ nSeries: 10, nDays: 140, seed: 2 }));
    const task = {
      kind: 'train' as const,
      panel,
      algorithmIds: ['random-walk', 'ols', 'ridge', 'reversal-1w'],
      horizons: [1 as const],
      walkForward: { evalDays: 30, retrainEvery: 20, minTrainDays: 60, seed: 1 },
      claim: new Int32Array(new SharedArrayBuffer(4)),
    };
    // The first task stops claiming after two algorithms (its progress hook throws, as a cancellation would), the
    // second claims the rest.
    let seen = 0;
    expect(() =>
      runTrainTask(
        task,
        () => 0,
        () => {
          if (++seen === 2) throw new Error('stop');
        },
      ),
    ).toThrow('stop');
    const rest = runTrainTask(
      task,
      () => 0,
      () => {},
    );
    expect(rest.map((o) => o.algorithmId)).toEqual(['ridge', 'reversal-1w']);
    expect(
      runTrainTask(
        task,
        () => 0,
        () => {},
      ),
    ).toEqual([]);
  });
});

describe(recentWalkForwardDays.name, () => {
  it('keeps the last 7 target dates of the out-of-sample calls, scored as directionalHit', () => {
    const source = syntheticPanel({ nSeries: 12, nDays: 140, seed: 9 });
    const fs = buildFeatures(source);
    const run = walkForwardAlgorithm(fs, algorithmById('reversal-1w')!, {
      horizon: 1,
      evalDays: 30,
      retrainEvery: 20,
      minTrainDays: 60,
      seed: 1,
    });
    const days = recentWalkForwardDays(fs, run);
    expect(days).toHaveLength(WALK_FORWARD_RECENT_DAYS);
    const lastTarget = fs.panel.dates[fs.panel.dates.length - 1];
    expect(days.at(-1)!.date).toBe(lastTarget);
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    // Recount one day by hand from the run's rows.
    const day = days[3]!;
    let scored = 0;
    let hits = 0;
    let ups = 0;
    const t = fs.targets[1];
    run.rows.forEach((r, i) => {
      if (fs.panel.dates[t.realisedDay[r]!] !== day.date) return;
      const hit = directionalHit(run.expectedReturn[i]!, t.logReturn[r]!);
      if (hit === null) return;
      scored++;
      if (hit) hits++;
      if (t.logReturn[r]! > 0) ups++;
    });
    expect(scored).toBeGreaterThan(0);
    expect(day).toEqual({ date: day.date, scored, hits, ups });
  });

  it('leaves out a day whose every call was no call', () => {
    const source = syntheticPanel({ nSeries: 8, nDays: 120, seed: 2 });
    const fs = buildFeatures(source);
    const run = walkForwardAlgorithm(fs, algorithmById('random-walk')!, {
      horizon: 1,
      evalDays: 20,
      retrainEvery: 20,
      minTrainDays: 60,
      seed: 1,
    });
    expect(recentWalkForwardDays(fs, run)).toEqual([]);
  });
});

describe(featuresOfPayload.name, () => {
  it('reuses the last features for an equal panel sent again, and builds afresh when one value differs', () => {
    const payload = payloadOfPanel(syntheticPanel({ nSeries: 4, nDays: 120, seed: 12 }));
    const first = featuresOfPayload(payload);
    // A structured-clone copy (what the next task carries): equal content, other objects.
    const copy = structuredClone(payload);
    expect(samePanelPayload(payload, copy)).toBe(true);
    expect(featuresOfPayload(copy)).toBe(first);
    const changed = structuredClone(payload);
    changed.close[37] = changed.close[37]! * 1.0001;
    expect(samePanelPayload(payload, changed)).toBe(false);
    const rebuilt = featuresOfPayload(changed);
    expect(rebuilt).not.toBe(first);
    expect(Array.from(rebuilt.x)).toEqual(Array.from(buildFeatures(panelOfPayload(changed)).x));
    const renamed = {
      ...structuredClone(changed),
      symbols: changed.symbols.map((s, i) => (i === 2 ? 'OTHER' : s)),
    };
    expect(featuresOfPayload(renamed)).not.toBe(rebuilt);
  });
});

describe(runDriftTask.name, () => {
  const source = syntheticPanel({ nSeries: 30, nDays: 200, seed: 6 });
  const steady = runDriftTask({ kind: 'drift', panel: payloadOfPanel(source), recentDays: 20, asOf: 'x' });
  /** The panel with the volume of the given stocks multiplied by 10 on the last 20 days. */
  const withVolumeShift = (stocks: (s: number) => boolean) => {
    const panel = payloadOfPanel(source);
    for (let s = 0; s < source.series.length; s++)
      if (stocks(s)) for (let d = 180; d < 200; d++) panel.volume[s * 200 + d]! *= 10;
    return runDriftTask({ kind: 'drift', panel, recentDays: 20, asOf: 'x' });
  };
  const featureOf = (d: typeof steady, name: string) => d.features.find((f) => f.name === name)!;

  it('measures PSI per model input, recent days against the days before, as the models see it and raw', () => {
    expect(steady.asOf).toBe('x');
    expect(steady.trainingFrom).toBe(source.dates[0]);
    expect(steady.recentFrom).toBe(source.dates[180]);
    expect(steady.features.map((f) => f.name)).toEqual(buildFeatures(source).featureNames);
    // Market-wide inputs and the limit flags have no cross-section to drift: no PSI as the models see them, a raw one.
    for (const name of ['mkt_ret_1', 'mkt_ret_5', 'limit_down'])
      expect(featureOf(steady, name)).toMatchObject({ marketWide: true, psi: null });
    expect(featureOf(steady, 'mkt_ret_1').rawPsi).not.toBeNull();
    expect(steady.maxPsi).toBe(Math.max(...steady.features.flatMap((f) => (f.psi === null ? [] : [f.psi]))));
  });

  it('reports a market-wide volume shift once as a market event, not as drift of what the models see', () => {
    // Every stock trades ten times its volume on the last 20 days.
    const moved = withVolumeShift(() => true);
    expect(featureOf(moved, 'turnover_20').rawPsi!).toBeGreaterThan(
      featureOf(steady, 'turnover_20').rawPsi! + 0.5,
    );
    expect(featureOf(moved, 'turnover_20').psi!).toBeLessThan(0.2);
    expect(moved.maxPsi).toBe(steady.maxPsi);
    expect(moved.marketEvent!.features).toEqual(expect.arrayContaining(['turnover_20', 'amihud_20']));
    expect(steady.marketEvent?.features ?? []).not.toContain('turnover_20');
    expect(moved.marketEvent!.maxRawPsi).toBeGreaterThan(1);
  });
});
