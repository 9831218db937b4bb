import { describe, expect, it } from 'vitest';
import { featuresOf, lastDay, withTargets } from '../../test/helpers.ts';
import { stateNumbers, trainingDataAt } from '../algorithm.ts';
import { FEATURE_COLUMN as COL, featureRows } from '../features.ts';
import { choleskySolve, gramWithIntercept, sseFromGram } from '../linalg.ts';
import { Rng } from '../random.ts';
import { walkForwardAlgorithm } from '../walk-forward.ts';
import {
  bayesianRidge,
  ELASTIC_NET_ALPHAS,
  elasticNet,
  elasticNetFromGram,
  huber,
  lasso,
  lda,
  ldaFromGram,
  logistic,
  ols,
  ridge,
  ridgeFromGram,
} from './linear.ts';
import { pooledMatrix } from './pooled-data.ts';

const base = featuresOf({ nSeries: 60, nDays: 420, seed: 11 });
const rng = new Rng(5);
const NOISE_SD = 0.01;
const PLANTED: [number, number][] = [
  [COL.ret_lag1, 0.004],
  [COL.mom_20, -0.003],
  [COL.volume_z_20, 0.002],
];
const planted = withTargets(base, (r) => {
  let s = 0;
  for (const [j, b] of PLANTED) s += b * base.x[r * base.cols + j]!;
  return s + NOISE_SD * rng.normal();
});
const data = trainingDataAt(planted, 1, lastDay(planted));

/**
 * Standard errors of the OLS coefficients on these rows, σ·√[(Z'Z)⁻¹]_jj with Z = [1, X]: the features are collinear
 * (lags, momenta, oscillators), so a fixed tolerance would be too tight for some columns and loose for others.
 */
const coefSe: Float64Array = (() => {
  const X = featureRows(planted, data.rows);
  const n = data.rows.length;
  const q = planted.cols + 1;
  const { g } = gramWithIntercept(X, n, planted.cols, new Float64Array(n));
  const se = new Float64Array(q);
  for (let j = 0; j < q; j++) {
    const e = new Float64Array(q);
    e[j] = 1;
    se[j] = NOISE_SD * Math.sqrt(choleskySolve(g, e, q, 1e-12)[j]!);
  }
  return se;
})();

function coefOf(alg: typeof ols): Float64Array {
  return stateNumbers(alg.fit(data).state, 'coef');
}

describe('pooled linear regressors on a planted linear signal', () => {
  it('OLS recovers every coefficient and the intercept within 4 standard errors', () => {
    const w = coefOf(ols);
    expect(Math.abs(w[0]!)).toBeLessThan(4 * coefSe[0]!);
    for (let j = 0; j < base.cols; j++) {
      const truth = PLANTED.find(([k]) => k === j)?.[1] ?? 0;
      expect(Math.abs(w[j + 1]! - truth), `column ${j}`).toBeLessThan(4 * coefSe[j + 1]!);
      // Most columns are far from collinear: their error is well under the planted effects.
      expect(coefSe[j + 1]!).toBeLessThan(1e-3);
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
        expect(Math.abs(w[j + 1]!), `column ${j}`).toBeLessThan(4 * coefSe[j + 1]!);
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

describe('ridge penalty by purged, embargoed K-fold', () => {
  // The planted signal holds for the first 75 % of the days and is gone after: the latest 20 % of the rows alone (an
  // inner holdout) would call every fit noise, the whole window says otherwise.
  const fadeDay = Math.floor(0.75 * lastDay(base));
  const noise = new Rng(9);
  const faded = withTargets(base, (r) => {
    let s = 0;
    if (base.rowDay[r]! < fadeDay) for (const [j, b] of PLANTED) s += b * base.x[r * base.cols + j]!;
    return s + NOISE_SD * noise.normal();
  });
  const fadedData = trainingDataAt(faded, 1, lastDay(faded));

  it('picks the κ with the least validation SSE over the folds, each fitted on its purged rows only, and refits on all rows', () => {
    const m = pooledMatrix(fadedData, 'cross-sectional');
    const q = m.p + 1;
    const gramOf = (rows: number[]) => {
      const X = new Float64Array(rows.length * m.p);
      const y = new Float64Array(rows.length);
      rows.forEach((r, i) => {
        X.set(m.X.subarray(r * m.p, (r + 1) * m.p), i * m.p);
        y[i] = m.y[r]!;
      });
      return gramWithIntercept(X, rows.length, m.p, y);
    };
    const all = Array.from({ length: m.n }, (_, i) => i);
    const kappas = [1e-4, 1e-3, 1e-2, 0.1, 1, 10];
    const validationSse = (folds: { fit: number[]; val: number[] }[]) =>
      kappas.map((k) => {
        let total = 0;
        for (const f of folds) {
          const fit = gramOf(f.fit);
          const val = gramOf(f.val);
          total += sseFromGram(val.g, val.c, val.yy, ridgeFromGram(fit, q, k * fit.g[0]!));
        }
        return total;
      });
    const argmin = (sse: number[]) => kappas[sse.indexOf(Math.min(...sse))]!;
    expect(m.folds).toHaveLength(5);
    const best = argmin(
      validationSse(
        m.folds.map((f) => ({
          fit: all.filter((i) => i < f.cutFrom || i >= f.cutTo),
          val: all.filter((i) => i >= f.valFrom && i < f.valTo),
        })),
      ),
    );
    const latestOnly = argmin(validationSse([{ fit: all.slice(0, m.trainEnd), val: all.slice(m.split) }]));
    expect(best).toBeLessThan(latestOnly);
    const full = gramOf(all);
    const expected = ridgeFromGram(full, q, best * full.g[0]!);
    const w = stateNumbers(ridge.fit(fadedData).state, 'coef');
    for (let j = 0; j < q; j++) expect(w[j]!).toBeCloseTo(expected[j]!, 10);
  });
});

describe('elastic net mixing', () => {
  it('with the smallest α it shares a signal between two identical features, where the lasso picks one', () => {
    // x1 = x2 exactly; y = x1 + noise. The L1 solution is any split; coordinate descent gives it all to x1. A real L2
    // share makes the split unique: equal halves.
    const r = new Rng(2);
    const n = 2000;
    const X = new Float64Array(n * 2);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v = r.normal();
      X[2 * i] = v;
      X[2 * i + 1] = v;
      y[i] = v + 0.5 * r.normal();
    }
    const gr = gramWithIntercept(X, n, 2, y);
    const lassoW = elasticNetFromGram(gr, 2, 0.05, 1);
    expect(Math.abs(lassoW[1]! - lassoW[2]!)).toBeGreaterThan(0.5);
    const alpha = ELASTIC_NET_ALPHAS[0];
    const enetW = elasticNetFromGram(gr, 2, 0.05 / alpha, alpha);
    expect(Math.abs(enetW[1]! - enetW[2]!)).toBeLessThan(1e-6);
    expect(enetW[1]!).toBeGreaterThan(0.2);
  });
});

describe('pooled linear classifiers on a planted direction signal', () => {
  const dirRng = new Rng(9);
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

describe('LDA from a Gram summary', () => {
  it('equals Fisher’s discriminant from the class means and the centred pooled scatter', () => {
    const r = new Rng(12);
    const n = 3000;
    const p = 4;
    const X = new Float64Array(n * p);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      y[i] = r.uniform() < 0.45 ? 1 : 0;
      for (let j = 0; j < p; j++)
        X[i * p + j] = r.normal() + (y[i] === 1 ? 0.3 * j : 0) + (j === 1 ? 0.5 * X[i * p]! : 0);
    }
    // The textbook form, centred per class.
    const mu = [new Float64Array(p), new Float64Array(p)];
    const cnt = [0, 0];
    for (let i = 0; i < n; i++) {
      cnt[y[i]!]!++;
      for (let j = 0; j < p; j++) mu[y[i]!]![j]! += X[i * p + j]!;
    }
    for (const c of [0, 1]) for (let j = 0; j < p; j++) mu[c]![j]! /= cnt[c]!;
    const S = new Float64Array(p * p);
    for (let i = 0; i < n; i++)
      for (let a = 0; a < p; a++)
        for (let b = 0; b < p; b++)
          S[a * p + b]! += (X[i * p + a]! - mu[y[i]!]![a]!) * (X[i * p + b]! - mu[y[i]!]![b]!);
    let tr = 0;
    for (let a = 0; a < p; a++) tr += S[a * p + a]!;
    for (let a = 0; a < p; a++) S[a * p + a]! += (1e-3 * tr) / p;
    const beta = choleskySolve(
      S.map((v) => v / (n - 2)),
      Float64Array.from(mu[1]!, (v, j) => v - mu[0]![j]!),
      p,
      1e-12,
    );
    const w = ldaFromGram(gramWithIntercept(X, n, p, y), p);
    let mid = 0;
    for (let j = 0; j < p; j++) {
      expect(w[j + 1]!).toBeCloseTo(beta[j]!, 9);
      mid += beta[j]! * (mu[1]![j]! + mu[0]![j]!);
    }
    expect(w[0]!).toBeCloseTo(-0.5 * mid + Math.log(cnt[1]! / cnt[0]!), 9);
    // The planted class shift is found: the weights grow with j.
    expect(w[3]!).toBeGreaterThan(w[1]!);
  });
});
