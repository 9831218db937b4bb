import { describe, expect, it } from 'vitest';
import {
  averageRanks,
  dailyIc,
  dayClusteredHitRateSe,
  directionalHits,
  evaluatePredictions,
  pearson,
  spearman,
  summariseIc,
  wilsonInterval,
} from './metrics.ts';

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
  it('counts agreeing signs, scores a zero prediction as half a hit and treats a zero return as down', () => {
    const r = directionalHits([0.1, -0.2, 0.3, 0, -0.1, NaN], [0.05, 0.01, 0.2, 0.3, 0, 1]);
    expect(r.n).toBe(5);
    expect(r.hits).toBe(3.5);
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
  it('gives the random walk zero skill and a 50 % hit rate', () => {
    const real = [0.01, -0.02, 0.03, 0.01];
    const m = evaluatePredictions([0, 0, 0, 0], real, [0, 0, 0, 0]);
    expect(m.skillVsRandomWalk).toBe(0);
    expect(m.hitRate).toBe(0.5);
    expect(m.ic.days).toBe(0);
  });
});
