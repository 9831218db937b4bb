import { describe, expect, it } from 'vitest';
import { featuresOf, lastDay } from '../../test/helpers.ts';
import { trainingDataAt } from '../algorithm.ts';
import {
  crossSectionalTargets,
  holdoutSplit,
  normalQuantile,
  purgedKFold,
  rankGauss,
  tailGap,
} from './pooled-data.ts';

const fs = featuresOf({ nSeries: 20, nDays: 200, seed: 2 });

describe(holdoutSplit.name, () => {
  for (const h of [1, 5] as const) {
    it(`leaves a gap of ${h} day(s): no fitting label overlaps a holdout label`, () => {
      const data = trainingDataAt(fs, h, lastDay(fs));
      const { split, trainEnd } = holdoutSplit(data);
      const n = data.rows.length;
      expect(split).toBeGreaterThan(0.7 * n);
      expect(split).toBeLessThan(0.85 * n);
      const holdoutStart = fs.rowDay[data.rows[split]!]!;
      // The holdout starts on a day boundary.
      expect(fs.rowDay[data.rows[split - 1]!]!).toBeLessThan(holdoutStart);
      // Every fitting row's h-day label is realised by the holdout's first day, and the gap rows are exactly h days.
      for (let i = 0; i < trainEnd; i++)
        expect(fs.targets[h].realisedDay[data.rows[i]!]!).toBeLessThanOrEqual(holdoutStart);
      const dropped = new Set(Array.from(data.rows.subarray(trainEnd, split), (r) => fs.rowDay[r]!));
      expect(dropped.size).toBe(h);
    });
  }
});

describe(purgedKFold.name, () => {
  for (const h of [1, 5] as const) {
    it(`validates on 5 whole-day blocks covering every row once; fitting rows keep ${h} day(s) from them on each side`, () => {
      const data = trainingDataAt(fs, h, lastDay(fs));
      const n = data.rows.length;
      const day = (i: number) => fs.rowDay[data.rows[i]!]!;
      const folds = purgedKFold(data);
      expect(folds).toHaveLength(5);
      expect(folds[0]!.valFrom).toBe(0);
      expect(folds[4]!.valTo).toBe(n);
      folds.forEach((f, k) => {
        if (k > 0) expect(f.valFrom).toBe(folds[k - 1]!.valTo);
        expect(f.valTo - f.valFrom).toBeGreaterThan(0.15 * n);
        // Blocks start on a day boundary.
        if (f.valFrom > 0) expect(day(f.valFrom - 1)).toBeLessThan(day(f.valFrom));
        const first = day(f.valFrom);
        const last = day(f.valTo - 1);
        for (let i = 0; i < n; i++) {
          if (i >= f.cutFrom && i < f.cutTo) continue;
          // Purge: a fitting row before the block has its label realised by the block's first day.
          if (i < f.valFrom) expect(fs.targets[h].realisedDay[data.rows[i]!]!).toBeLessThanOrEqual(first);
          // Embargo: a fitting row after the block is more than h days after its last day.
          else expect(day(i)).toBeGreaterThan(last + h);
        }
        // Exactly h days are cut on each side where there are days to cut.
        if (f.cutFrom > 0) expect(first - day(f.cutFrom)).toBe(h);
        if (f.cutTo < n) expect(day(f.cutTo - 1) - last).toBe(h);
      });
    });
  }
});

describe(tailGap.name, () => {
  for (const h of [1, 5] as const) {
    it(`leaves out the tail's first day before it and the ${h} day(s) before that day`, () => {
      const data = trainingDataAt(fs, h, lastDay(fs));
      const n = data.rows.length;
      const nVal = Math.floor(0.1 * n);
      const gap = tailGap(data, nVal);
      const start = n - nVal;
      const first = fs.rowDay[data.rows[start]!]!;
      // Every fitting row's label is realised by the tail's first day; the gap rows are the h days before it and the
      // rows of that day itself that precede the tail.
      for (let i = 0; i < start - gap; i++)
        expect(fs.targets[h].realisedDay[data.rows[i]!]!).toBeLessThanOrEqual(first);
      const gapDays = new Set(Array.from(data.rows.subarray(start - gap, start), (r) => fs.rowDay[r]!));
      for (const d of gapDays) expect(d).toBeGreaterThanOrEqual(first - h);
      expect([...gapDays].filter((d) => d < first)).toHaveLength(h);
    });
  }

  it('is 0 without a validation tail', () => {
    const data = trainingDataAt(fs, 5, lastDay(fs));
    expect(tailGap(data, 0)).toBe(0);
  });
});

describe(rankGauss.name, () => {
  it('gives Φ⁻¹((r − ½)/m) of the average ranks, ties sharing their mean rank', () => {
    const { z, ranks } = rankGauss(Float64Array.from([0.3, -1, 0.3, 7]));
    expect([...ranks]).toEqual([2.5, 1, 2.5, 4]);
    expect([...z]).toEqual([2.5, 1, 2.5, 4].map((r) => normalQuantile((r - 0.5) / 4)));
    expect(z[0]).toBe(z[2]);
    expect(z[1]).toBeCloseTo(-z[3]!, 12);
  });
});

describe(crossSectionalTargets.name, () => {
  it('rank-gauss transforms each day: order kept, mean 0 within the day, the market move removed', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326348, 5);
    const data = trainingDataAt(fs, 1, lastDay(fs));
    const y = crossSectionalTargets(data);
    const t = fs.targets[1].logReturn;
    const day = fs.rowDay[data.rows[0]!]!;
    const idx = Array.from(data.rows.keys()).filter((i) => fs.rowDay[data.rows[i]!] === day);
    expect(idx.length).toBe(20);
    expect(Math.abs(idx.reduce((s, i) => s + y[i]!, 0))).toBeLessThan(1e-9);
    for (const a of idx)
      for (const b of idx) if (t[data.rows[a]!]! < t[data.rows[b]!]!) expect(y[a]!).toBeLessThan(y[b]!);
  });
});
