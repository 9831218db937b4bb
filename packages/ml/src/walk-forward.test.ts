import { describe, expect, it } from 'vitest';
import { featuresOf, lastDay } from '../test/helpers.ts';
import { type Algorithm, type TrainedModel, finishModel, trainingDataAt } from './algorithm.ts';
import { ols } from './algorithms/linear.ts';
import { normalQuantile } from './algorithms/pooled-data.ts';
import { rankBlend, stacking } from './algorithms/stacking.ts';
import { randomWalk } from './algorithms/time-series.ts';
import { realisedRows } from './features.ts';
import { ALGORITHMS } from './registry.ts';
import {
  stackInputsFromRuns,
  walkForward,
  walkForwardAlgorithm,
  walkForwardCutoffs,
} from './walk-forward.ts';

describe(walkForwardAlgorithm.name, () => {
  const fs = featuresOf({ nSeries: 20, nDays: 400, seed: 1 });

  it('trains only on targets realised by the cutoff and predicts only days from the cutoff on', () => {
    for (const horizon of [1, 5] as const) {
      const seen: { cutoff: number; maxTrainDay: number; maxRealised: number; predictDays: number[] }[] = [];
      const spy: Algorithm = {
        ...randomWalk,
        id: 'spy',
        fit(data) {
          let maxTrainDay = -1;
          let maxRealised = -1;
          for (const r of data.rows) {
            maxTrainDay = Math.max(maxTrainDay, fs.rowDay[r]!);
            maxRealised = Math.max(maxRealised, fs.targets[horizon].realisedDay[r]!);
          }
          seen.push({ cutoff: data.cutoffDay, maxTrainDay, maxRealised, predictDays: [] });
          return finishModel(spy, { ...data, rows: new Int32Array(0) }, null);
        },
        predict(_m: TrainedModel, rows) {
          seen[seen.length - 1]!.predictDays.push(...Array.from(rows.rows, (r) => fs.rowDay[r]!));
          return { expectedReturn: new Float64Array(rows.rows.length), probabilityUp: null };
        },
      };
      const run = walkForwardAlgorithm(fs, spy, { horizon, evalDays: 100, retrainEvery: 20 });
      expect(seen.length).toBe(run.retrains);
      for (const s of seen) {
        expect(s.maxRealised).toBeLessThanOrEqual(s.cutoff);
        expect(s.maxTrainDay).toBe(s.cutoff - horizon);
        expect(Math.min(...s.predictDays)).toBe(s.cutoff);
        expect(Math.max(...s.predictDays)).toBeLessThan(s.cutoff + 20);
      }
    }
  });

  it('retrains every 20 days over the evaluation window and scores only realised rows', () => {
    const cutoffs = walkForwardCutoffs(fs, { horizon: 1, evalDays: 100 });
    expect(cutoffs).toEqual([300, 320, 340, 360, 380]);
    const run = walkForwardAlgorithm(fs, ols, { horizon: 5, evalDays: 100 });
    expect(run.rows.length).toBe(100 * 20);
    // The last 5 days are unrealised; a rare synthetic jump ≥ 11.5 % also voids the targets spanning it.
    const realised = Array.from(run.rows).filter((r) => Number.isFinite(fs.targets[5].logReturn[r]!)).length;
    expect(run.metrics.count).toBe(realised);
    expect(realised).toBeLessThanOrEqual(95 * 20);
    expect(realised).toBeGreaterThan(0.95 * 95 * 20);
    expect(run.firstDate).toBe(fs.panel.dates[300]);
  });

  it('is reproducible: the same seed gives identical predictions', () => {
    const a = walkForwardAlgorithm(fs, ols, { horizon: 1, evalDays: 60, maxTrainRows: 500, seed: 4 });
    const b = walkForwardAlgorithm(fs, ols, { horizon: 1, evalDays: 60, maxTrainRows: 500, seed: 4 });
    expect(Array.from(a.expectedReturn)).toEqual(Array.from(b.expectedReturn));
  });
});

describe('every algorithm', () => {
  const small = featuresOf({ nSeries: 12, nDays: 220, seed: 2, continuation: 0.1 });

  it('has a unique kebab-case id and survives a JSON round trip of its trained model', () => {
    const ids = new Set(ALGORITHMS.map((a) => a.id));
    expect(ids.size).toBe(ALGORITHMS.length);
    const runs = walkForward(small, ALGORITHMS, {
      horizon: 1,
      evalDays: 30,
      minTrainDays: 80,
      maxTrainRows: 500,
    });
    const stack = stackInputsFromRuns(
      small,
      runs.filter((r) => !ALGORITHMS.find((a) => a.id === r.algorithmId)!.needsStack),
    );
    for (const alg of ALGORITHMS) {
      expect(alg.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const run = runs.find((r) => r.algorithmId === alg.id)!;
      expect(run.error, alg.id).toBeNull();
      const model = run.lastModel!;
      const revived = alg.deserialize(JSON.parse(JSON.stringify(model)));
      const rows = run.rows.slice(-30);
      const rowSet = { features: small, rows, ...(alg.needsStack ? { stack } : {}) };
      const a = alg.predict(model, rowSet);
      const b = alg.predict(revived, rowSet);
      expect(Array.from(b.expectedReturn), alg.id).toEqual(Array.from(a.expectedReturn));
      expect(a.expectedReturn.every(Number.isFinite), alg.id).toBe(true);
      expect(a.probabilityUp === null, alg.id).toBe(alg.output === 'regression');
      expect(() => alg.deserialize({ ...model, algorithmId: 'other' })).toThrow();
    }
  });
});

describe('stacking', () => {
  it('blends per day: rank-gauss of each base across the day, weighted by id, missing values neutral', () => {
    // Rows 0–2 on day 0, rows 3–4 on day 1, given out of order.
    const rowDay = Int32Array.from([0, 0, 0, 1, 1]);
    const stack = {
      baseIds: ['a', 'b'],
      values: [Float64Array.from([3, 1, 2, 10, 20]), Float64Array.from([1, 2, NaN, 5, 4])],
    };
    const z = (p: number) => normalQuantile(p);
    // Weights given in the model's order (b, a): mapped onto the stack's columns by id.
    const out = rankBlend(stack, ['b', 'a'], [1, 3], [4, 0, 1, 2, 3], rowDay);
    // Day 0: a ranks 3,1,2 of 3 → z(5/6), z(1/6), 0; b ranks 1,2 of 2 (row 2 missing) → z(1/4), z(3/4), 0.
    expect(out[1]).toBeCloseTo((3 * z(5 / 6) + z(1 / 4)) / 4, 12);
    expect(out[2]).toBeCloseTo((3 * z(1 / 6) + z(3 / 4)) / 4, 12);
    expect(out[3]).toBeCloseTo(0, 12);
    // Day 1: a 10 < 20, b 5 > 4.
    expect(out[4]).toBeCloseTo((3 * z(1 / 4) + z(3 / 4)) / 4, 12);
    expect(out[0]).toBeCloseTo((3 * z(3 / 4) + z(1 / 4)) / 4, 12);
    // The same day asked for with fewer rows is ranked among those rows only (not the cached larger set).
    const two = rankBlend(stack, ['a'], [1], [0, 1], rowDay);
    expect(two[0]).toBeCloseTo(z(3 / 4), 12);
    expect(two[1]).toBeCloseTo(z(1 / 4), 12);
    // A base with weight ≤ 0 or unknown to the stack is ignored; no positive weight → all zeros.
    expect(Array.from(rankBlend(stack, ['a', 'b', 'c'], [1, -2, 5], [0, 1, 2], rowDay))).toEqual(
      Array.from(rankBlend(stack, ['a'], [1], [0, 1, 2], rowDay)),
    );
    expect(Array.from(rankBlend(stack, ['a'], [0], [0, 1], rowDay))).toEqual([0, 0]);
  });
  it('still serves a model stored before the rank blend (ridge weights on scaled base predictions)', () => {
    const fs = featuresOf({ nSeries: 8, nDays: 200, seed: 2 });
    const rows = Int32Array.from([0, 1, 2]);
    const stack = {
      baseIds: ['b', 'a'],
      values: [new Float64Array(fs.rows).fill(2), new Float64Array(fs.rows).fill(NaN)],
    };
    stack.values[1]![0] = 4;
    const stored = {
      algorithmId: 'stacking',
      horizon: 1,
      cutoffDate: null,
      predictionScale: 0,
      state: { baseIds: ['a', 'b'], scale: [2, 4], coef: [0.5, 1], intercept: 0.01, rows: 500 },
    };
    const model = stacking.deserialize(JSON.parse(JSON.stringify(stored)));
    const out = stacking.predict(model, { features: fs, rows, stack }).expectedReturn;
    // Row 0: 0.01 + 0.5·4/2 + 1·2/4; rows 1–2: base a missing → 0.01 + 1·2/4.
    expect(Array.from(out)).toEqual([0.01 + 1 + 0.5, 0.51, 0.51]);
    expect(() => stacking.deserialize({ ...stored, state: { baseIds: [] } })).toThrow();
  });
  it('sees every realised row that has base predictions, the row cap applied after that filter', () => {
    const fs = featuresOf({ nSeries: 60, nDays: 500, seed: 6 });
    const cutoff = lastDay(fs);
    // Base predictions only on the last 60 days' rows (≈ 3,600), far fewer than the realised rows (≈ 26,000).
    const firstPredicted = fs.dayRowStart[cutoff - 59]!;
    const base = Float64Array.from({ length: fs.rows }, (_, r) => (r >= firstPredicted ? Math.sin(r) : NaN));
    const stack = { baseIds: ['ols'], values: [base] };
    const withBase = realisedRows(fs, 1, cutoff).filter((r) => Number.isFinite(base[r]!)).length;
    expect(withBase).toBeGreaterThan(3000);
    const data = trainingDataAt(fs, 1, cutoff, { maxRows: 5000, seed: 3, stack });
    expect(data.rows.length).toBe(withBase);
    const model = stacking.fit(data);
    expect((model.state as { rows: number }).rows).toBe(withBase);
  });
  it('learns to weight the informative base model and is at least as good as it out of sample', () => {
    const fs = featuresOf({ nSeries: 60, nDays: 500, seed: 5, beta: 0, continuation: 0.15 });
    const runs = walkForward(fs, [randomWalk, ols, stacking], { horizon: 1, evalDays: 200 });
    const byId = new Map(runs.map((r) => [r.algorithmId, r]));
    const st = byId.get('stacking')!;
    const { weights, baseIds: ids } = st.lastModel!.state as { weights: number[]; baseIds: string[] };
    expect(weights[ids.indexOf('ols')]!).toBeGreaterThan(0);
    // The random walk predicts 0 for every stock: no ranking, no weight.
    expect(weights[ids.indexOf('random-walk')]).toBe(0);
    expect(st.metrics.hitRate).toBeGreaterThan(byId.get('ols')!.metrics.hitRate - 0.01);
    expect(st.metrics.hitRateLow).toBeGreaterThan(0.5);
  });
});
