import { describe, expect, it } from 'vitest';
import {
  aboveDayMedian,
  calibrateScores,
  crossSectionalCalibration,
  dayPercentiles,
  plattFit,
  plattSlopeSe,
  RELIABILITY_EDGES,
  reliabilityTable,
  shrunkPlatt,
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

describe(reliabilityTable.name, () => {
  it("gives each bin's realised rate a day-clustered standard error: wide when a day's rows share one outcome", () => {
    const rng = new Rng(21);
    const probability: number[] = [];
    const label: number[] = [];
    const day: number[] = [];
    for (let d = 0; d < 200; d++) {
      const outcome = rng.uniform() < 0.5 ? 1 : 0; // the whole day goes one way
      for (let k = 0; k < 50; k++) {
        probability.push(0.5 + 0.01 * (k % 2)); // all in the 50–52 bin
        label.push(outcome);
        day.push(d);
      }
    }
    const [bin] = reliabilityTable(probability, label, RELIABILITY_EDGES, day, 0).filter((b) => b.count > 0);
    const rowSe = Math.sqrt((bin!.realised * (1 - bin!.realised)) / bin!.count);
    // 200 independent days, not 10 000 rows: the SE is √50 ≈ 7 times the rows' binomial one.
    expect(bin!.realisedSe / rowSe).toBeGreaterThan(6);
    expect(bin!.realisedSe / rowSe).toBeLessThan(8);
    expect(reliabilityTable(probability, label).find((b) => b.count > 0)!.realisedSe).toBeNaN();
  });
});

/** Labels drawn from σ(a_d·s) with each day's own slope a_d ~ N(slopeMean, slopeSd²): the days are the draws. */
const planted = (seed: number, days: number, perDay: number, slopeMean: number, slopeSd: number) => {
  const rng = new Rng(seed);
  const scores: number[] = [];
  const labels: number[] = [];
  const day: number[] = [];
  for (let d = 0; d < days; d++) {
    const a = slopeMean + slopeSd * rng.normal();
    for (let k = 0; k < perDay; k++) {
      const s = rng.uniform() - 0.5;
      scores.push(s);
      labels.push(rng.uniform() < sigmoid(a * s) ? 1 : 0);
      day.push(d);
    }
  }
  return { scores, labels, day };
};

describe(plattSlopeSe.name, () => {
  /** √(H⁻¹)₁₁: the textbook standard error, rows independent. */
  const naiveSe = (p: { a: number; b: number }, scores: number[]) => {
    let h11 = 0;
    let h12 = 0;
    let h22 = 0;
    for (const s of scores) {
      const q = sigmoid(p.a * s + p.b);
      const w = q * (1 - q);
      h11 += s * s * w;
      h12 += s * w;
      h22 += w;
    }
    return Math.sqrt(h22 / (h11 * h22 - h12 * h12));
  };
  it('equals the textbook standard error when each day has one independent row', () => {
    const { scores, labels, day } = planted(2, 20_000, 1, 2, 0);
    const p = plattFit(scores, labels);
    const se = plattSlopeSe(p, scores, labels, day, 0);
    expect(se / naiveSe(p, scores)).toBeGreaterThan(0.95);
    expect(se / naiveSe(p, scores)).toBeLessThan(1.05);
  });
  it('is several times wider when the slope itself moves from day to day, and wider still with overlap lags', () => {
    const { scores, labels, day } = planted(4, 200, 100, 2, 3);
    const p = plattFit(scores, labels);
    const se = plattSlopeSe(p, scores, labels, day, 0);
    expect(se / naiveSe(p, scores)).toBeGreaterThan(1.5);
    // Five-day overlapping blocks of the same slope: lags 4 see the blocks.
    const blocks = planted(6, 40, 500, 2, 3);
    const five = blocks.day.map((d, i) => d * 5 + Math.floor((i % 500) / 100));
    const q = plattFit(blocks.scores, blocks.labels);
    expect(plattSlopeSe(q, blocks.scores, blocks.labels, five, 4)).toBeGreaterThan(
      1.5 * plattSlopeSe(q, blocks.scores, blocks.labels, five, 0),
    );
  });
});

describe(shrunkPlatt.name, () => {
  it('drops a slope with t ≤ 1 to zero and keeps 1 − 1/t² of a larger one; b is kept', () => {
    expect(shrunkPlatt({ a: 0.5, b: 0.1 }, 0.5)).toEqual({ a: 0, b: 0.1 });
    expect(shrunkPlatt({ a: 0.5, b: 0.1 }, 0.8)).toEqual({ a: 0, b: 0.1 });
    expect(shrunkPlatt({ a: 2, b: 0 }, 0.5).a).toBeCloseTo(2 * (1 - 1 / 16), 12);
    expect(shrunkPlatt({ a: 2, b: 0 }, NaN)).toEqual({ a: 2, b: 0 });
  });
  it('serves ½ for a score whose slope only the row count, not the days, makes look significant', () => {
    // 60 days of 100 rows; each day's labels follow the score with that day's own random slope (mean 0): pooled, the
    // raw slope is clearly non-zero by the textbook t, but across days it is noise (clustered t < 1).
    const { scores, labels, day } = planted(9, 60, 100, 0, 4);
    const raw = plattFit(scores, labels);
    const se = plattSlopeSe(raw, scores, labels, day, 0);
    expect(raw.a / (Math.sqrt(12 / scores.length) * 2)).toBeGreaterThan(3); // ≈ the textbook t (s uniform, p ≈ ½)
    expect(raw.a / se).toBeLessThan(1);
    const c = calibrateScores(scores, labels, day);
    expect(c.platt.a).toBe(0);
    expect(c.platt.b).toBe(raw.b);
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
