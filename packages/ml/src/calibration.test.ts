import { describe, expect, it } from 'vitest';
import {
  aboveDayMedian,
  calibrateScores,
  crossSectionalCalibration,
  dayPercentiles,
  reliabilityTable,
  sigmoid,
} from './calibration.ts';
import { calibratedConfidence, regressorConfidence } from './confidence.ts';
import { Rng } from './random.ts';

describe(dayPercentiles.name, () => {
  it('ranks within each day, ties averaged, small days undefined', () => {
    const q = dayPercentiles([3, 1, 2, 2, 5, 9, 1, 1], [0, 0, 0, 0, 0, 1, 1, 1]);
    expect(Array.from(q.subarray(0, 5))).toEqual([0.7, 0.1, 0.4, 0.4, 0.9]);
    expect(Array.from(q.subarray(5)).every(Number.isNaN)).toBe(true);
  });
});

describe(aboveDayMedian.name, () => {
  it('labels each return against its own day, the median itself excluded', () => {
    const y = aboveDayMedian(
      [0.05, 0.04, 0.03, 0.02, 0.01, -0.05, -0.01, -0.02, -0.03, -0.04],
      [0, 0, 0, 0, 0, 1, 1, 1, 1, 1],
    );
    // Day 0 all up, day 1 all down: half of each is above its own median whatever the market did.
    expect(Array.from(y)).toEqual([1, 1, NaN, 0, 0, 0, 1, 1, NaN, 0]);
  });
});

describe(calibrateScores.name, () => {
  it('recovers a planted probability: every populated bin within ±3 points of the planted and realised rate', () => {
    const rng = new Rng(11);
    const n = 100_000;
    const scores: number[] = [];
    const labels: number[] = [];
    const planted: number[] = [];
    const day: number[] = [];
    for (let i = 0; i < n; i++) {
      const s = rng.uniform() - 0.5;
      const p = sigmoid(2 * s);
      scores.push(s);
      planted.push(p);
      labels.push(rng.uniform() < p ? 1 : 0);
      day.push(Math.floor(i / 100));
    }
    const c = calibrateScores(scores, labels, day);
    expect(c.platt.a).toBeGreaterThan(1.6);
    expect(c.platt.a).toBeLessThan(2.4);
    const truth = reliabilityTable(
      scores.map((s) => sigmoid(c.platt.a * s + c.platt.b)),
      planted,
    );
    const populated = c.reliability.filter((b) => b.count >= 1000);
    expect(populated.length).toBeGreaterThanOrEqual(8);
    for (const b of populated) {
      expect(Math.abs(b.meanPredicted - b.realised)).toBeLessThan(0.03);
      const t = truth.find((x) => x.low === b.low)!;
      expect(Math.abs(t.meanPredicted - t.realised)).toBeLessThan(0.03);
    }
  });
  it('gives ½ everywhere when the scores carry no information', () => {
    const rng = new Rng(3);
    const scores = Array.from({ length: 20_000 }, () => rng.uniform() - 0.5);
    const labels = scores.map(() => (rng.uniform() < 0.5 ? 1 : 0));
    const c = calibrateScores(
      scores,
      labels,
      scores.map((_, i) => Math.floor(i / 50)),
    );
    for (const b of c.reliability.filter((x) => x.count > 0))
      expect(Math.abs(b.meanPredicted - 0.5)).toBeLessThan(0.04);
  });
});

describe(crossSectionalCalibration.name, () => {
  it('is market-neutral: a day-shared move does not shift the calibrated probabilities', () => {
    const rng = new Rng(5);
    const pred: number[] = [];
    const real: number[] = [];
    const day: number[] = [];
    for (let d = 0; d < 200; d++) {
      const market = (rng.uniform() < 0.8 ? 1 : -1) * 0.03; // mostly up days
      for (let s = 0; s < 50; s++) {
        const signal = rng.normal();
        pred.push(signal);
        real.push(market + 0.002 * signal + 0.01 * rng.normal());
        day.push(d);
      }
    }
    const c = crossSectionalCalibration(pred, real, day)!;
    expect(c.platt.a).toBeGreaterThan(0);
    expect(Math.abs(c.platt.b)).toBeLessThan(0.05);
  });
});

describe('confidence never implies a direction the model does not have', () => {
  it('a regressor with a walk-forward hit rate under ½ shows 0.5, not less', () => {
    expect(regressorConfidence(0.02, 0.01, 0.45)).toBe(0.5);
    expect(regressorConfidence(0.02, 0.01, 0.55)).toBeGreaterThan(0.5);
  });
  it('a call against the calibrated side gets 0.5', () => {
    expect(calibratedConfidence(0.56, 1)).toBeCloseTo(0.56, 12);
    expect(calibratedConfidence(0.44, -1)).toBeCloseTo(0.56, 12);
    expect(calibratedConfidence(0.44, 1)).toBe(0.5);
  });
});
