import { describe, expect, it } from 'vitest';
import { featuresOf, withShuffledTargets } from '../test/helpers.ts';
import { ols } from './algorithms/linear.ts';
import type { FeatureSet } from './features.ts';
import { ALGORITHMS, algorithmById, listAlgorithms } from './registry.ts';
import { type WalkForwardOptions, walkForward, walkForwardAlgorithm } from './walk-forward.ts';

/** z for a 95 % family-wise interval over every algorithm (Bonferroni): Φ⁻¹(1 − 0.025/40) ≈ 3.23. */
const Z_FAMILY = 3.23;

/** These run all 40 algorithms: allow more than vitest's default test timeout on a busy 2-core machine. */
const REGISTRY_TIMEOUT_MS = 240_000;

/** Options that keep the whole-registry tests fast: small training caps, fewer retrains. */
const FAST: Omit<WalkForwardOptions, 'horizon'> = {
  evalDays: 150,
  retrainEvery: 50,
  maxTrainRows: 2000,
  z: Z_FAMILY,
};

function expectNoSkill(fs: FeatureSet, label: string): void {
  const runs = walkForward(fs, ALGORITHMS, { horizon: 1, ...FAST, seed: 3 });
  expect(runs).toHaveLength(ALGORITHMS.length);
  for (const run of runs) {
    const m = run.metrics;
    const where = `${label} ${run.algorithmId}: hit ${(m.hitRate * 100).toFixed(2)} % [${(m.hitRateLow * 100).toFixed(2)}, ${(m.hitRateHigh * 100).toFixed(2)}], rank IC ${m.rankIc.mean.toFixed(4)}`;
    expect(run.error, where).toBeNull();
    expect(m.count, where).toBeGreaterThan(8000);
    expect(m.hitRateLow, where).toBeLessThanOrEqual(0.5);
    expect(m.hitRateHigh, where).toBeGreaterThanOrEqual(0.5);
    if (m.rankIc.days > 0) {
      // t-statistic of the mean daily Rank IC within the family-wise bound.
      expect(Math.abs(m.rankIc.mean) / (m.rankIc.sd / Math.sqrt(m.rankIc.days)), where).toBeLessThan(
        Z_FAMILY,
      );
    }
  }
}

describe('registry', () => {
  it('lists all 40 algorithms once with their metadata', () => {
    const infos = listAlgorithms();
    expect(infos).toHaveLength(40);
    const perCategory = (c: string) => infos.filter((a) => a.category === c).length;
    expect(perCategory('technical')).toBe(8);
    expect(perCategory('linear')).toBe(8);
    expect(perCategory('nonlinear')).toBe(9);
    expect(perCategory('neural')).toBe(4);
    expect(perCategory('ensemble')).toBe(1);
    expect(perCategory('baseline') + perCategory('time_series')).toBe(10);
    expect(new Set(infos.map((a) => a.id)).size).toBe(ALGORITHMS.length);
    for (const a of infos) {
      expect(algorithmById(a.id)?.name).toBe(a.name);
      expect(a.description.length).toBeGreaterThan(20);
    }
    expect(algorithmById('no-such-model')).toBeUndefined();
  });
});

describe('known answers for the whole registry', () => {
  it(
    'on independent pure random walks every algorithm’s hit-rate interval contains 50 % and Rank IC ≈ 0',
    () => {
      expectNoSkill(featuresOf({ nSeries: 60, nDays: 420, seed: 31, beta: 0 }), 'random walk');
    },
    REGISTRY_TIMEOUT_MS,
  );

  it(
    'leakage: with a real planted signal OLS has skill, but after shuffling the targets no algorithm keeps any',
    () => {
      const planted = featuresOf({ nSeries: 60, nDays: 420, seed: 32, beta: 0, continuation: 0.15 });
      const real = walkForwardAlgorithm(planted, ols, { horizon: 1, ...FAST });
      expect(real.metrics.hitRateLow).toBeGreaterThan(0.5);
      expectNoSkill(withShuffledTargets(planted, 77), 'shuffled');
    },
    REGISTRY_TIMEOUT_MS,
  );
});
