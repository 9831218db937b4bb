import { describe, expect, it } from 'vitest';
import { aiOperationalHealth, psi, wilsonPercent, type HealthInput } from './ai-health.ts';
import { edgeVerdict } from './ai-health.values.ts';

const NOW = new Date('2026-11-20T18:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

/** A model with a demonstrated edge, trained yesterday, no drift, live predictions inside the band. */
const good: HealthInput = {
  shown: { edgePoints: 2, edgeCi: { low: 0.5, high: 3.5 } },
  walkForward: {
    accuracyPercent: 53,
    accuracyCiLowPercent: 51.5,
    accuracyCiHighPercent: 54.5,
    rankIc: { mean: 0.04, sd: 0.1, days: 250 },
  },
  live: { evaluated: 1000, hits: 530 },
  maxPsi: 0.03,
  lastTrainedAt: daysAgo(1),
  now: NOW,
};

const statusOf = (input: HealthInput) => aiOperationalHealth(input).status;
const checkOf = (input: HealthInput, name: string) =>
  aiOperationalHealth(input).checks.find((c) => c.check === name)!;

describe('AI operational health', () => {
  it('is healthy only with a demonstrated edge, good tracking, no drift and a fresh model', () => {
    expect(statusOf(good)).toBe('healthy');
    expect(aiOperationalHealth(good).checks.map((c) => c.check)).toEqual([
      'edge',
      'rank_ic',
      'live_tracking',
      'drift',
      'staleness',
    ]);
    expect(checkOf(good, 'rank_ic').interval!.low).toBeCloseTo(0.04 - (1.96 * 0.1) / Math.sqrt(250), 10);
  });

  it('warns when the edge over the market direction is not demonstrated (its interval contains 0)', () => {
    const indistinguishable = { ...good, shown: { edgePoints: 0.5, edgeCi: { low: -1, high: 2 } } };
    expect(statusOf(indistinguishable)).toBe('warning');
    expect(checkOf(indistinguishable, 'edge')).toMatchObject({
      status: 'warning',
      value: 0.5,
      threshold: 0,
      interval: { low: -1, high: 2 },
    });
    expect(statusOf({ ...good, shown: { edgePoints: 1, edgeCi: null } })).toBe('warning');
  });

  it('is critical when reliably behind the market direction', () => {
    expect(statusOf({ ...good, shown: { edgePoints: -3, edgeCi: { low: -5, high: -0.5 } } })).toBe(
      'critical',
    );
  });

  it('shows the Rank IC without counting it: a negative Rank IC alone does not change the label', () => {
    const negativeIc = {
      ...good,
      walkForward: { ...good.walkForward!, rankIc: { mean: -0.03, sd: 0.1, days: 250 } },
    };
    expect(checkOf(negativeIc, 'rank_ic')).toMatchObject({ status: 'critical', counted: false });
    expect(statusOf(negativeIc)).toBe('healthy');
  });

  it('takes its edge verdict from edgeVerdict, the one the investor page shows', () => {
    for (const edgeCi of [
      { low: 0.1, high: 2 },
      { low: -0.1, high: 2 },
      { low: 0, high: 0 },
      { low: -3, high: -0.1 },
    ]) {
      const verdict = edgeVerdict(edgeCi);
      const edge = checkOf({ ...good, shown: { edgePoints: 0, edgeCi } }, 'edge');
      expect(edge.status).toBe(
        { ahead: 'healthy', indistinguishable: 'warning', behind: 'critical' }[verdict!],
      );
    }
    expect(edgeVerdict(null)).toBeNull();
  });

  it('grades live tracking against the walk-forward band, from enough matured predictions', () => {
    expect(checkOf({ ...good, live: { evaluated: 1000, hits: 505 } }, 'live_tracking').status).toBe(
      'warning',
    );
    expect(checkOf({ ...good, live: { evaluated: 5000, hits: 2400 } }, 'live_tracking').status).toBe(
      'critical',
    );
    expect(checkOf({ ...good, live: { evaluated: 100, hits: 10 } }, 'live_tracking')).toBeUndefined();
  });

  it('grades drift at PSI 0.1 and 0.2, and staleness at 4 and 10 days', () => {
    expect(statusOf({ ...good, maxPsi: 0.15 })).toBe('warning');
    expect(statusOf({ ...good, maxPsi: 0.25 })).toBe('critical');
    expect(statusOf({ ...good, maxPsi: null })).toBe('healthy');
    expect(statusOf({ ...good, lastTrainedAt: daysAgo(5) })).toBe('warning');
    expect(statusOf({ ...good, lastTrainedAt: daysAgo(11) })).toBe('critical');
    expect(statusOf({ ...good, lastTrainedAt: null })).toBe('critical');
  });

  it('has no label without a walk-forward or an accuracy shown', () => {
    expect(aiOperationalHealth({ ...good, walkForward: null })).toEqual({ status: null, checks: [] });
    expect(aiOperationalHealth({ ...good, shown: null })).toEqual({ status: null, checks: [] });
  });

  it('computes the Wilson interval', () => {
    const ci = wilsonPercent(50, 100);
    expect(ci.low).toBeCloseTo(40.38, 1);
    expect(ci.high).toBeCloseTo(59.62, 1);
  });
});

/** Deterministic standard normal samples (LCG + Box–Muller). */
function normals(n: number, seed: number, shift = 0): number[] {
  let s = seed >>> 0;
  const u = () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return (s + 0.5) / 2 ** 32;
  };
  return Array.from({ length: n }, () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u()) + shift);
}

describe('PSI', () => {
  it('matches a hand-computed value for shifted uniform grids', () => {
    const e = Array.from({ length: 1000 }, (_, i) => i / 1000);
    const a = e.map((v) => v + 0.5);
    // Five empty bins (floored at 1e-4), four unchanged, the top bin 0.1 → 0.6.
    const expected = 5 * (1e-4 - 0.1) * Math.log(1e-4 / 0.1) + 0.5 * Math.log(6);
    expect(psi(e, a)).toBeCloseTo(expected, 6);
  });

  it('is near 0 for the same distribution and grades known normal shifts', () => {
    const base = normals(20_000, 1);
    expect(psi(base, normals(20_000, 2))!).toBeLessThan(0.01);
    // PSI of N(0,1) vs N(d,1) is about d² for small d: 0.01 stable, 0.25 significant.
    expect(psi(base, normals(20_000, 3, 0.1))!).toBeLessThan(0.1);
    const big = psi(base, normals(20_000, 4, 0.5))!;
    expect(big).toBeGreaterThan(0.2);
    expect(big).toBeLessThan(0.3);
  });

  it('ignores non-finite values and answers null without data', () => {
    expect(psi([1, 2, 3, Number.NaN], [1, 2, 3])).toBeCloseTo(0, 10);
    expect(psi([], [1])).toBeNull();
  });
});
