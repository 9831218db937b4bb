import { describe, expect, it } from 'vitest';
import {
  averageRanks,
  dailyIc,
  dailyIcs,
  dayClusteredHitRateSe,
  directionalHits,
  evaluatePredictions,
  pearson,
  spearman,
  summariseIc,
  wilsonInterval,
} from './metrics.ts';
import { dayTotalsMeanSe } from './clustered.ts';
import { Rng } from './random.ts';

describe(wilsonInterval.name, () => {
  it('matches the textbook Wilson interval for 50 of 100 and 9 of 10', () => {
    const a = wilsonInterval(50, 100);
    expect(a.low).toBeCloseTo(0.40383, 4);
    expect(a.high).toBeCloseTo(0.59617, 4);
    const b = wilsonInterval(9, 10);
    expect(b.low).toBeCloseTo(0.59585, 4);
    expect(b.high).toBeCloseTo(0.98212, 4);
  });
  it('stays inside [0, 1] and is the whole range without data', () => {
    expect(wilsonInterval(0, 20).low).toBe(0);
    expect(wilsonInterval(20, 20).high).toBe(1);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });
});

describe(directionalHits.name, () => {
  it('counts agreeing signs and excludes a zero return (neither hit nor miss) and a zero prediction (no call)', () => {
    const r = directionalHits([0.1, -0.2, 0.3, 0, -0.1, NaN, 0.2], [0.05, 0.01, 0.2, 0.3, 0, 1, 0]);
    expect(r).toEqual({ hits: 2, n: 3, ups: 3, zeroReturns: 2, noCalls: 1 });
  });
  it('a zero return changes neither the hits nor the count', () => {
    const base = directionalHits([0.1, -0.1], [0.02, 0.03]);
    const withZero = directionalHits([0.1, -0.1, -0.5], [0.02, 0.03, 0]);
    expect(withZero.hits).toBe(base.hits);
    expect(withZero.n).toBe(base.n);
  });
});

describe(pearson.name, () => {
  it('is 1 for a linear relation, −1 for a reversed one and NaN for a constant', () => {
    expect(pearson([1, 2, 3, 4], [3, 5, 7, 9])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    expect(pearson([1, 1, 1, 1], [1, 2, 3, 4])).toBeNaN();
  });
  it('matches a hand computation', () => {
    // x = 1,2,3,4,5; y = 2,4,5,4,5: cov = 6/… → r = 6 / √(10·6) = 0.774597
    expect(pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5])).toBeCloseTo(0.7745967, 6);
  });
});

describe(spearman.name, () => {
  it('uses average ranks for ties and is invariant to monotone transforms', () => {
    expect(Array.from(averageRanks([10, 20, 20, 5]))).toEqual([2, 3.5, 3.5, 1]);
    expect(spearman([1, 2, 3, 4, 5], [1, 8, 27, 64, 125])).toBeCloseTo(1, 12);
    // Ranks x = 1..5, y = 1,2,3,5,4 → ρ = 1 − 6·2/(5·24) = 0.9
    expect(spearman([1, 2, 3, 4, 5], [10, 20, 30, 50, 40])).toBeCloseTo(0.9, 12);
  });
});

describe(summariseIc.name, () => {
  it('gives mean, sample sd and ICIR, skipping undefined days', () => {
    const s = summariseIc([0.1, NaN, 0.3, 0.2]);
    expect(s.days).toBe(3);
    expect(s.mean).toBeCloseTo(0.2, 12);
    expect(s.sd).toBeCloseTo(0.1, 12);
    expect(s.icir).toBeCloseTo(2, 12);
  });
});

describe(dailyIc.name, () => {
  it('correlates within each day only', () => {
    const day = [0, 0, 0, 0, 0, 1, 1, 1, 1, 1];
    const pred = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5];
    const real = [1, 2, 3, 4, 5, 5, 4, 3, 2, 1];
    const ic = dailyIc(pred, real, day, 'spearman');
    expect(Array.from(ic)).toEqual([1, -1]);
  });
  it('skips days with fewer than five stocks', () => {
    expect(Number.isNaN(dailyIc([1, 2, 3], [1, 2, 3], [0, 0, 0], 'pearson')[0])).toBe(true);
  });
});

describe(dailyIcs.name, () => {
  it('gives each target the per-day correlation of its own finite pairs, with gaps in the predictions and in a target', () => {
    const rng = new Rng(11);
    const day: number[] = [];
    for (let d = 0; d < 40; d++) for (let s = 0; s < 3 + (d % 9); s++) day.push(d);
    const n = day.length;
    // Ties (rounded values), missing predictions, and one target with gaps on some days only.
    const predicted = Array.from({ length: n }, (_, i) =>
      i % 11 === 3 ? NaN : Math.round(rng.normal() * 4) / 4,
    );
    const a = Array.from({ length: n }, () => rng.normal());
    const b = Array.from({ length: n }, (_, i) => (day[i]! % 5 === 2 && i % 2 === 0 ? NaN : rng.normal()));
    /** One day at a time: the correlation of the day's finite pairs, NaN under five of them. */
    const reference = (target: number[], correlate: typeof pearson) =>
      Array.from({ length: 40 }, (_, d) => {
        const idx = day.flatMap((x, i) =>
          x === d && Number.isFinite(predicted[i]!) && Number.isFinite(target[i]!) ? [i] : [],
        );
        return idx.length < 5
          ? NaN
          : correlate(
              idx.map((i) => predicted[i]!),
              idx.map((i) => target[i]!),
            );
      });
    for (const [kind, correlate] of [
      ['spearman', spearman],
      ['pearson', pearson],
    ] as const) {
      const [icA, icB] = dailyIcs(predicted, [a, b], day, kind);
      const wantA = reference(a, correlate);
      const wantB = reference(b, correlate);
      icA!.forEach((v, d) =>
        Number.isNaN(wantA[d]!) ? expect(v).toBeNaN() : expect(v).toBeCloseTo(wantA[d]!, 12),
      );
      icB!.forEach((v, d) =>
        Number.isNaN(wantB[d]!) ? expect(v).toBeNaN() : expect(v).toBeCloseTo(wantB[d]!, 12),
      );
      expect(Array.from(dailyIc(predicted, b, day, kind))).toEqual(Array.from(icB!));
      // The gaps matter: days with too few pairs are NaN for b, not for a.
      expect(wantB.filter(Number.isNaN).length).toBeGreaterThan(wantA.filter(Number.isNaN).length);
    }
  });
});

describe(dayClusteredHitRateSe.name, () => {
  it('equals the binomial SE when each day has one independent prediction', () => {
    // 4 days, hits 1,1,0,1 → p = 0.75; e = 0.25,0.25,−0.75,0.25; Σe² = 0.75 → SE = √0.75 / 4
    const se = dayClusteredHitRateSe([1, 1, 1, 1], [1, 1, -1, 1], [0, 1, 2, 3], 0);
    expect(se).toBeCloseTo(Math.sqrt(0.75) / 4, 12);
  });
  it('widens when all predictions of a day hit or miss together', () => {
    // Two days of 3 identical outcomes: p = 0.5, e = ±1.5 → SE = √4.5 / 6 vs binomial √(0.25/6)
    const se = dayClusteredHitRateSe([1, 1, 1, 1, 1, 1], [1, 1, 1, -1, -1, -1], [0, 0, 0, 1, 1, 1], 0);
    expect(se).toBeCloseTo(Math.sqrt(4.5) / 6, 12);
    expect(se).toBeGreaterThan(Math.sqrt(0.25 / 6));
  });
  it('adds Bartlett-weighted cross-day covariance for overlapping horizons', () => {
    // e = +0.5, +0.5, −0.5, −0.5 (p = 0.5); lag 1: Σ e_d e_{d−1} = 0.25 − 0.25 + 0.25 = 0.25, weight 1/2
    const se = dayClusteredHitRateSe([1, 1, 1, 1], [1, 1, -1, -1], [0, 1, 2, 3], 1);
    expect(se).toBeCloseTo(Math.sqrt(1 + 2 * 0.5 * 0.25) / 4, 12);
  });
});

describe(dayTotalsMeanSe.name, () => {
  it('gives from per-day totals what the rows give (what a database query returns)', () => {
    // Two days of 3 identical outcomes, as in the test above: SE = √4.5 / 6.
    expect(
      dayTotalsMeanSe(
        [
          { sum: 3, n: 3 },
          { sum: 0, n: 3 },
        ],
        0,
      ),
    ).toBeCloseTo(Math.sqrt(4.5) / 6, 12);
    expect(
      dayTotalsMeanSe(
        [1, 1, 0, 0].map((hit) => ({ sum: hit, n: 1 })),
        1,
      ),
    ).toBeCloseTo(dayClusteredHitRateSe([1, 1, 1, 1], [1, 1, -1, -1], [0, 1, 2, 3], 1), 12);
    expect(dayTotalsMeanSe([], 0)).toBeNaN();
  });
});

describe(evaluatePredictions.name, () => {
  it('scores errors, skill against the random walk and R² with known values', () => {
    const real = [0.02, -0.01, 0.03, -0.02];
    const pred = [0.01, -0.01, 0.01, 0.01];
    const m = evaluatePredictions(pred, real, [0, 0, 1, 1]);
    expect(m.count).toBe(4);
    expect(m.hitRate).toBe(0.75);
    // errors: 0.01, 0, 0.02, 0.03
    expect(m.mae).toBeCloseTo(0.015, 12);
    expect(m.rmse).toBeCloseTo(Math.sqrt((1e-4 + 0 + 4e-4 + 9e-4) / 4), 12);
    // MSE_rw = mean(r²) = (4 + 1 + 9 + 4)e-4 / 4
    expect(m.skillVsRandomWalk).toBeCloseTo(1 - 14e-4 / 18e-4, 12);
    // mean r = 0.005; SST = Σ(r − 0.005)² = 0.0017
    expect(m.r2).toBeCloseTo(1 - 14e-4 / 17e-4, 12);
    expect(m.hitRateLow).toBeLessThan(0.75);
    expect(m.hitRateHigh).toBeGreaterThan(0.75);
  });
  it('gives the random walk zero skill and no directional calls', () => {
    const real = [0.01, -0.02, 0.03, 0.01];
    const m = evaluatePredictions([0, 0, 0, 0], real, [0, 0, 0, 0]);
    expect(m.skillVsRandomWalk).toBe(0);
    expect(m.directionalCount).toBe(0);
    expect(m.noCalls).toBe(4);
    expect(m.hitRate).toBeNaN();
    expect(m.ic.days).toBe(0);
  });
  it('excludes a zero return from the hit rate and reports its share', () => {
    // Calls: up/+, up/0, down/−, down/+ → scored 3 (2 hits), one zero return of 4 rows with a call.
    const m = evaluatePredictions([0.1, 0.1, -0.1, -0.1], [0.02, 0, -0.01, 0.03], [0, 0, 1, 1]);
    expect(m.count).toBe(4);
    expect(m.directionalCount).toBe(3);
    expect(m.hitRate).toBeCloseTo(2 / 3, 12);
    expect(m.zeroReturnShare).toBe(0.25);
  });
  it('scores always-up and always-down on the same rows and the edge over the better one', () => {
    // Realised: 6 up, 3 down, 1 zero (excluded) → always-up 6/9, always-down 3/9, baseline 6/9.
    const real = [0.01, 0.02, 0.03, 0.01, 0.02, 0.01, -0.01, -0.02, -0.03, 0];
    const pred = [1, 1, 1, 1, -1, -1, -1, -1, 1, 1];
    const day = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4];
    const m = evaluatePredictions(pred, real, day);
    expect(m.alwaysUp).toBeCloseTo(6 / 9, 12);
    expect(m.alwaysDown).toBeCloseTo(3 / 9, 12);
    expect(m.baseline).toBeCloseTo(6 / 9, 12);
    // hits: 4 up-calls right, 2 down-calls right of 4 → 6/9; edge 0.
    expect(m.hitRate).toBeCloseTo(6 / 9, 12);
    expect(m.edge).toBeCloseTo(0, 12);
    // Always-up itself has edge exactly 0 with a zero-width interval.
    const up = evaluatePredictions(Array<number>(10).fill(1), real, day);
    expect(up.hitRate).toBeCloseTo(6 / 9, 12);
    expect(up.edge).toBe(0);
    expect(up.edgeClusteredHigh - up.edgeClusteredLow).toBe(0);
    // A down-market: always-down is the baseline.
    const down = evaluatePredictions([1, 1, 1], [-0.01, -0.02, 0.01], [0, 1, 2]);
    expect(down.baseline).toBeCloseTo(2 / 3, 12);
    expect(down.edge).toBeCloseTo(1 / 3 - 2 / 3, 12);
  });
  it('gives a clustered interval wider than Wilson when a day-shared move decides the hits', () => {
    // 60 days × 40 stocks; predictions are independent coin flips of direction, but each day every stock moves with
    // the market (a planted day-shared move): hits within a day are strongly correlated.
    const r = new Rng(7);
    const rng = () => r.uniform();
    const pred: number[] = [];
    const real: number[] = [];
    const day: number[] = [];
    for (let d = 0; d < 60; d++) {
      const market = rng() < 0.5 ? -0.02 : 0.02;
      const call = rng() < 0.5 ? -1 : 1;
      for (let s = 0; s < 40; s++) {
        pred.push(rng() < 0.9 ? call : -call);
        real.push(market + 0.002 * (rng() - 0.5));
        day.push(d);
      }
    }
    const m = evaluatePredictions(pred, real, day);
    const clustered = m.hitRateClusteredHigh - m.hitRateClusteredLow;
    const wilson = m.hitRateHigh - m.hitRateLow;
    expect(clustered).toBeGreaterThan(3 * wilson);
  });
});
