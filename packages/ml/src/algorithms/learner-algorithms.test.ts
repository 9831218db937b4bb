import { describe, expect, it } from 'vitest';
import { featuresOf, lastDay, withTargets } from '../../test/helpers.ts';
import { trainingDataAt } from '../algorithm.ts';
import { FEATURE_COLUMN as COL, rowsOfDays } from '../features.ts';
import { Rng } from '../random.ts';
import { walkForwardAlgorithm } from '../walk-forward.ts';
import { logisticFit, linearScores } from './linear.ts';
import * as learners from '../learners/index.ts';
import { SEQUENCE_LENGTH, learnerAlgorithm, sequenceRows, sequenceSteps } from './learner-algorithms.ts';

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

describe(sequenceSteps.name, () => {
  it('reads each feature row once: a stock’s consecutive days share 19 of their 20 steps', () => {
    const nDays = fs.panel.dates.length;
    const L = SEQUENCE_LENGTH;
    const p = fs.cols;
    const rows = [fs.rowOf[3 * nDays + 200]!, fs.rowOf[3 * nDays + 201]!, fs.rowOf[3 * nDays + 65]!];
    const { steps, nSteps, seq } = sequenceSteps(fs, rows);
    // 21 distinct rows for the two adjacent days, 6 for the stock's 6th row (135 days earlier).
    expect(nSteps).toBe(L + 1 + 6);
    expect(steps.length).toBe(nSteps * p);
    expect(Array.from(seq.subarray(L, 2 * L - 1))).toEqual(Array.from(seq.subarray(1, L)));
    expect(Array.from(seq.subarray(2 * L, 3 * L - 6)).every((c) => c === -1)).toBe(true);
    // Expanded, it is sequenceRows.
    const X = sequenceRows(fs, rows);
    for (let k = 0; k < seq.length; k++) {
      const want =
        seq[k]! < 0 ? new Array(p).fill(0) : Array.from(steps.subarray(seq[k]! * p, (seq[k]! + 1) * p));
      expect(Array.from(X.subarray(k * p, (k + 1) * p))).toEqual(want);
    }
  });

  it('a sequence algorithm predicts through the step rows exactly what its learner gives on the expanded rows', () => {
    const alg = learnerAlgorithm({
      id: 'lstm-small',
      name: 'LSTM',
      type: 'RNN',
      category: 'neural',
      description: 'small lstm',
      output: 'regression',
      maxTrainRows: 400,
      sequence: true,
      learner: learners.lstm,
      options: { hidden: 4, maxEpochs: 1 },
    });
    const data = trainingDataAt(fs, 1, lastDay(fs) - 5);
    const model = alg.fit({ ...data, rows: data.rows.subarray(data.rows.length - 400) });
    const rows = rowsOfDays(fs, 300, 303);
    const pred = alg.predict(model, { features: fs, rows });
    const state = (model.state as { learner: never }).learner;
    const X = sequenceRows(fs, rows);
    const want = learners.lstm.predict(state, X, rows.length, SEQUENCE_LENGTH * fs.cols);
    expect(Array.from(pred.expectedReturn)).toEqual(Array.from(want));
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
