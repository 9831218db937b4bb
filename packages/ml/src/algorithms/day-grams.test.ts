import { describe, expect, it } from 'vitest';
import { featuresOf, lastDay } from '../../test/helpers.ts';
import { trainingDataAt, type TrainingData } from '../algorithm.ts';
import { featureRows } from '../features.ts';
import { gramWithIntercept } from '../linalg.ts';
import { Rng } from '../random.ts';
import { gramSource, type Gram, type GramTarget } from './day-grams.ts';
import { crossSectionalTargets, directionTargets } from './pooled-data.ts';

const fs = featuresOf({ nSeries: 40, nDays: 260, seed: 21 });

/** The one-pass Gram summary of rows [from, to) with the fit's own targets (what the linear models summed before). */
function direct(data: TrainingData, target: GramTarget, from: number, to: number): Gram {
  const y = target === 'direction' ? directionTargets(data) : crossSectionalTargets(data);
  const rows = data.rows.subarray(from, to);
  return gramWithIntercept(featureRows(fs, rows), rows.length, fs.cols, y.subarray(from, to));
}

function expectSame(a: Gram, b: Gram): void {
  const close = (x: number, y: number) =>
    expect(Math.abs(x - y)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(y)));
  expect(a.g.length).toBe(b.g.length);
  a.g.forEach((v, i) => close(v, b.g[i]!));
  a.c.forEach((v, i) => close(v, b.c[i]!));
  close(a.yy, b.yy);
  // Not all zero: the comparison means something.
  expect(b.g[0]).toBeGreaterThan(0);
}

describe('day-grams: Gram summaries from cached per-day summaries', () => {
  for (const target of ['cross-sectional', 'direction'] as const) {
    it(`equals the one-pass summary on whole days, cut days and the K-fold's ranges (${target})`, () => {
      for (const horizon of [1, 5] as const) {
        const data = trainingDataAt(fs, horizon, lastDay(fs) - 40);
        const src = gramSource(data, target);
        const n = data.rows.length;
        expectSame(src.gram(0, n), direct(data, target, 0, n));
        for (const f of src.folds) {
          expectSame(src.gram(f.valFrom, f.valTo), direct(data, target, f.valFrom, f.valTo));
          if (f.cutFrom > 0) expectSame(src.gram(0, f.cutFrom), direct(data, target, 0, f.cutFrom));
          if (f.cutTo < n) expectSame(src.gram(f.cutTo, n), direct(data, target, f.cutTo, n));
        }
        // Ranges that start and end inside a day, and one inside a single day.
        const rng = new Rng(3);
        for (let k = 0; k < 6; k++) {
          const a = rng.int(n - 1);
          const b = a + 1 + rng.int(n - a - 1);
          expectSame(src.gram(a, b), direct(data, target, a, b));
        }
        expectSame(src.gram(5, 9), direct(data, target, 5, 9));
        expect(src.gram(7, 7).g[0]).toBe(0);
      }
    });
  }

  it('reuses a day only for exactly the same rows: a later cutoff, a day with a row missing and a subsample all agree', () => {
    const early = trainingDataAt(fs, 5, lastDay(fs) - 80);
    const late = trainingDataAt(fs, 5, lastDay(fs) - 20);
    // The same days, one row of a middle day left out (its rank-gauss targets and its scale change with it).
    const gapped: TrainingData = { ...early, rows: early.rows.filter((_, i) => i !== 1000) };
    const sampled = trainingDataAt(fs, 5, lastDay(fs) - 20, { maxRows: 3000, seed: 4 });
    for (const data of [early, late, gapped, early, sampled, late]) {
      const src = gramSource(data, 'cross-sectional');
      expectSame(src.gram(0, data.rows.length), direct(data, 'cross-sectional', 0, data.rows.length));
    }
  });
});
