import { describe, expect, it } from 'vitest';
import { featuresOf, lastDay, withTargets } from '../../test/helpers.ts';
import { stateNumbers, trainingDataAt } from '../algorithm.ts';
import { FEATURE_COLUMN as COL } from '../features.ts';
import { SeededRandom } from '../random.ts';
import { walkForwardAlgorithm } from '../walk-forward.ts';
import { bayesianRidge, elasticNet, huber, lasso, lda, logistic, ols, ridge } from './linear.ts';

const base = featuresOf({ nSeries: 60, nDays: 420, seed: 11 });
const rng = new SeededRandom(5);
const PLANTED: [number, number][] = [
  [COL.ret_lag1, 0.004],
  [COL.mom_20, -0.003],
  [COL.volume_z_20, 0.002],
];
const planted = withTargets(base, (r) => {
  let s = 0;
  for (const [j, b] of PLANTED) s += b * base.x[r * base.cols + j]!;
  return s + 0.01 * rng.normal();
});
const data = trainingDataAt(planted, 1, lastDay(planted));

function coefOf(alg: typeof ols): Float64Array {
  return stateNumbers(alg.fit(data).state, 'coef');
}

describe('pooled linear regressors on a planted linear signal', () => {
  it('OLS recovers every coefficient within 0.0004 and the intercept ≈ 0', () => {
    const w = coefOf(ols);
    expect(Math.abs(w[0]!)).toBeLessThan(3e-4);
    for (let j = 0; j < base.cols; j++) {
      const truth = PLANTED.find(([k]) => k === j)?.[1] ?? 0;
      expect(Math.abs(w[j + 1]! - truth)).toBeLessThan(4e-4);
    }
  });

  for (const alg of [ridge, bayesianRidge, huber, lasso, elasticNet]) {
    it(`${alg.id} finds the planted features with the right signs and keeps the others small`, () => {
      const w = coefOf(alg);
      for (const [j, b] of PLANTED) {
        expect(Math.sign(w[j + 1]!)).toBe(Math.sign(b));
        expect(Math.abs(w[j + 1]!)).toBeGreaterThan(0.6 * Math.abs(b));
      }
      for (let j = 0; j < base.cols; j++) {
        if (PLANTED.some(([k]) => k === j)) continue;
        expect(Math.abs(w[j + 1]!)).toBeLessThan(5e-4);
      }
    });
  }

  it('lasso sets at least a third of the irrelevant coefficients exactly to zero', () => {
    const w = coefOf(lasso);
    let zeros = 0;
    for (let j = 0; j < base.cols; j++) if (!PLANTED.some(([k]) => k === j) && w[j + 1] === 0) zeros++;
    expect(zeros).toBeGreaterThanOrEqual(Math.ceil((base.cols - PLANTED.length) / 3));
  });
});

describe('pooled linear classifiers on a planted direction signal', () => {
  const dirRng = new SeededRandom(9);
  const signal = withTargets(base, (r) => {
    const x = base.x;
    return (
      0.01 * (x[r * base.cols + COL.rsi_14]! - 0.5 * x[r * base.cols + COL.sector_ret_1]!) +
      0.01 * dirRng.normal()
    );
  });
  for (const alg of [logistic, lda]) {
    it(`${alg.id} hits well above 50 % out of sample and its probabilities are calibrated in direction`, () => {
      const run = walkForwardAlgorithm(signal, alg, { horizon: 1, evalDays: 120, minTrainDays: 100 });
      expect(run.metrics.count).toBeGreaterThan(5000);
      expect(run.metrics.hitRateLow).toBeGreaterThan(0.62);
      expect(run.probabilityUp).not.toBeNull();
      // Rows the model calls most likely up go up more often than those it calls least likely up.
      const p = run.probabilityUp!;
      const t = signal.targets[1].direction;
      let hiUp = 0;
      let hiN = 0;
      let loUp = 0;
      let loN = 0;
      for (let i = 0; i < run.rows.length; i++) {
        const d = t[run.rows[i]!]!;
        if (Number.isNaN(d)) continue;
        if (p[i]! > 0.7) {
          hiUp += d;
          hiN++;
        } else if (p[i]! < 0.3) {
          loUp += d;
          loN++;
        }
      }
      expect(hiUp / hiN).toBeGreaterThan(0.7);
      expect(loUp / loN).toBeLessThan(0.3);
    });
  }
});
