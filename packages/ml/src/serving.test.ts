import { describe, expect, it } from 'vitest';
import { featuresOf } from '../test/helpers.ts';
import { trainingDataAt } from './algorithm.ts';
import { logistic, ols } from './algorithms/linear.ts';
import { plattApply, plattFit } from './calibration.ts';
import { classifierConfidence, regressorConfidence, targetPrice } from './confidence.ts';
import { evaluationRecord, latestRows, servePredictions } from './serving.ts';
import { walkForwardAlgorithm } from './walk-forward.ts';

describe('confidence rule', () => {
  it('classifiers: probability of the predicted direction', () => {
    expect(classifierConfidence(0.7)).toBe(0.7);
    expect(classifierConfidence(0.2)).toBe(0.8);
  });
  it('regressors: the walk-forward hit rate at an average-strength signal, more for stronger, 0.5 without history', () => {
    const avg = Math.sqrt(2 / Math.PI);
    expect(regressorConfidence(avg * 0.01, 0.01, 0.54)).toBeCloseTo(0.54, 12);
    expect(regressorConfidence(2 * avg * 0.01, 0.01, 0.54)).toBeCloseTo(0.58, 12);
    expect(regressorConfidence(100, 0.01, 0.54)).toBeCloseTo(0.6, 12);
    expect(regressorConfidence(0.01, 0.01, null)).toBe(0.5);
  });
  it('target price = price × (1 + expected simple return)', () => {
    expect(targetPrice(100, Math.log(1.05))).toBeCloseTo(105, 10);
  });
  it('Platt scaling recovers a known logistic link', () => {
    const s: number[] = [];
    const y: number[] = [];
    for (let i = 0; i < 4000; i++) {
      const x = -3 + (6 * i) / 4000;
      s.push(x);
      // Deterministic labels with frequency σ(2x − 0.5) in each small bin.
      const p = 1 / (1 + Math.exp(-(2 * x - 0.5)));
      y.push((i * 0.618034) % 1 < p ? 1 : 0);
    }
    const pl = plattFit(s, y);
    expect(pl.a).toBeCloseTo(2, 0);
    expect(pl.b).toBeCloseTo(-0.5, 0);
    expect(plattApply(pl, 0.25)).toBeCloseTo(0.5, 1);
  });
});

describe(servePredictions.name, () => {
  const fs = featuresOf({ nSeries: 30, nDays: 300, seed: 6, continuation: 0.1 });
  it('gives each latest stock a direction, a confidence in [0, 1] and a target price consistent with the return', () => {
    const run = walkForwardAlgorithm(fs, ols, { horizon: 1, evalDays: 100 });
    const model = ols.fit(trainingDataAt(fs, 1, fs.rowDay[fs.rows - 1]!));
    const rows = latestRows(fs);
    expect(rows.length).toBe(30);
    const out = servePredictions(ols, model, fs, rows, run.metrics.hitRate);
    for (let i = 0; i < rows.length; i++) {
      expect(out.direction[i]).toBe(Math.sign(out.expectedReturn[i]!));
      expect(out.confidence[i]).toBeGreaterThanOrEqual(0);
      expect(out.confidence[i]).toBeLessThanOrEqual(1);
      expect(out.targetPrice[i]! / out.currentPrice[i]!).toBeCloseTo(Math.exp(out.expectedReturn[i]!), 12);
    }
    const rec = evaluationRecord(run);
    expect(rec.accuracyPercent).toBeCloseTo(100 * run.metrics.hitRate, 12);
    expect(rec.predictionsCount).toBe(run.metrics.count);
  });
  it('uses the calibrated probability for classifiers', () => {
    const model = logistic.fit(trainingDataAt(fs, 1, fs.rowDay[fs.rows - 1]!));
    const out = servePredictions(logistic, model, fs, latestRows(fs), null);
    out.probabilityUp!.forEach((p, i) => expect(out.confidence[i]).toBeCloseTo(Math.max(p, 1 - p), 12));
  });
});
