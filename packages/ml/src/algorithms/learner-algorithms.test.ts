import { describe, expect, it } from 'vitest';
import { featuresOf, lastDay, withTargets } from '../../test/helpers.ts';
import { trainingDataAt } from '../algorithm.ts';
import { FEATURE_COLUMN as COL, rowsOfDays } from '../features.ts';
import { Rng } from '../random.ts';
import { walkForwardAlgorithm } from '../walk-forward.ts';
import { logisticFit, linearScores } from './linear.ts';
import { SEQUENCE_LENGTH, learnerAlgorithm, sequenceRows } from './learner-algorithms.ts';

const fs = featuresOf({ nSeries: 40, nDays: 360, seed: 14 });

describe(sequenceRows.name, () => {
  it('stacks the stock’s last 20 standardised feature rows, oldest first, zero-padded before its first row', () => {
    const nDays = fs.panel.dates.length;
    const r = fs.rowOf[3 * nDays + 200]!;
    const early = fs.rowOf[3 * nDays + 65]!; // the stock's 6th row (rows start at day 60)
    const seq = sequenceRows(fs, [r, early]);
    const p = fs.cols;
    const L = SEQUENCE_LENGTH;
    expect(seq.length).toBe(2 * L * p);
    for (let k = 0; k < L; k++) {
      const src = fs.rowOf[3 * nDays + 200 - (L - 1 - k)]!;
      expect(Array.from(seq.subarray(k * p, (k + 1) * p))).toEqual(
        Array.from(fs.x.subarray(src * p, (src + 1) * p)),
      );
    }
    const second = seq.subarray(L * p);
    expect(second.subarray(0, (L - 6) * p).every((v) => v === 0)).toBe(true);
    expect(Array.from(second.subarray((L - 1) * p))).toEqual(
      Array.from(fs.x.subarray(early * p, (early + 1) * p)),
    );
  });
});

/** A stand-in learner module: logistic regression (classification) or least squares (regression) on X. */
const stubClassifier = {
  fit: (X: Float64Array, n: number, p: number, y: Float64Array) => ({
    w: Array.from(logisticFit(X, n, p, y, 1)),
  }),
  predict: (state: { w: number[] }, X: Float64Array, n: number, p: number) =>
    linearScores(X, n, p, Float64Array.from(state.w)).map((s) => 1 / (1 + Math.exp(-s))),
};
const stubRegressor = {
  fit: (_X: Float64Array, _n: number, _p: number, y: Float64Array) => ({
    mean: y.reduce((s, v) => s + v, 0) / y.length,
  }),
  predict: (state: { mean: number }, _X: Float64Array, n: number) => new Float64Array(n).fill(state.mean),
};

describe(learnerAlgorithm.name, () => {
  const rng = new Rng(3);
  const planted = withTargets(fs, (r) => 0.01 * fs.x[r * fs.cols + COL.mom_20]! + 0.01 * rng.normal());

  it('classifiers: Platt-calibrated P(up) drives the direction and an expected return (2p − 1)·E|r|', () => {
    const alg = learnerAlgorithm({
      id: 'stub-classifier',
      name: 'Stub',
      type: 'Stub',
      category: 'nonlinear',
      description: 'logistic stand-in',
      output: 'classification',
      maxTrainRows: 5000,
      learner: stubClassifier,
    });
    const run = walkForwardAlgorithm(planted, alg, { horizon: 1, evalDays: 100 });
    expect(run.error).toBeNull();
    expect(run.metrics.hitRateLow).toBeGreaterThan(0.55);
    const p = run.probabilityUp!;
    run.expectedReturn.forEach((er, i) => expect(Math.sign(er)).toBe(Math.sign(p[i]! - 0.5)));
    const st = run.lastModel!.state as { plattA: number; meanAbsReturn: number };
    expect(st.plattA).toBeGreaterThan(0);
    expect(st.meanAbsReturn).toBeGreaterThan(0);
  });

  it('regressors pass the learner’s value through as the expected return', () => {
    const alg = learnerAlgorithm({
      id: 'stub-regressor',
      name: 'Stub',
      type: 'Stub',
      category: 'neural',
      description: 'mean stand-in',
      output: 'regression',
      maxTrainRows: 5000,
      sequence: true,
      learner: stubRegressor,
    });
    const data = trainingDataAt(planted, 1, lastDay(planted));
    const model = alg.fit(data);
    const rows = rowsOfDays(planted, 300, 301);
    const pred = alg.predict(model, { features: planted, rows });
    const mean = (model.state as { learner: { mean: number } }).learner.mean;
    expect(pred.probabilityUp).toBeNull();
    pred.expectedReturn.forEach((v) => expect(v).toBe(mean));
  });
});
