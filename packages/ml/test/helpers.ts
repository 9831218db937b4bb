/** Shared fixtures for the ml tests: feature sets with planted or shuffled targets, whole-registry checks. */
import { expect } from 'vitest';
import { type FeatureSet, type HorizonTargets, buildFeatures } from '../src/features.ts';
import { ALGORITHMS } from '../src/registry.ts';
import { type WalkForwardOptions, walkForward } from '../src/walk-forward.ts';
import { Rng } from '../src/random.ts';
import { type SyntheticPanelOptions, syntheticPanel } from '../src/synthetic.ts';

export function featuresOf(options: SyntheticPanelOptions): FeatureSet {
  return buildFeatures(syntheticPanel(options));
}

/** Replaces the 1-day targets by f(row) wherever the real target is realised (NaN stays NaN). */
export function withTargets(fs: FeatureSet, f: (row: number) => number): FeatureSet {
  const old = fs.targets[1];
  const logReturn = new Float64Array(fs.rows).fill(NaN);
  const direction = new Float64Array(fs.rows).fill(NaN);
  for (let r = 0; r < fs.rows; r++) {
    if (Number.isNaN(old.logReturn[r]!)) continue;
    const v = f(r);
    logReturn[r] = v;
    direction[r] = v > 0 ? 1 : 0;
  }
  const t1: HorizonTargets = {
    logReturn,
    tradableLogReturn: logReturn,
    direction,
    realisedDay: old.realisedDay,
  };
  return { ...fs, targets: { 1: t1, 5: fs.targets[5] } };
}

/** Shuffles each horizon's realised targets across rows (seeded): any skill left afterwards is leakage. */
export function withShuffledTargets(fs: FeatureSet, seed: number): FeatureSet {
  const rng = new Rng(seed);
  const shuffle = (t: HorizonTargets): HorizonTargets => {
    const idx: number[] = [];
    for (let r = 0; r < fs.rows; r++) if (!Number.isNaN(t.logReturn[r]!)) idx.push(r);
    const perm = rng.shuffle(Int32Array.from(idx));
    const logReturn = t.logReturn.slice();
    const tradableLogReturn = t.tradableLogReturn.slice();
    const direction = t.direction.slice();
    idx.forEach((r, i) => {
      logReturn[r] = t.logReturn[perm[i]!]!;
      tradableLogReturn[r] = t.tradableLogReturn[perm[i]!]!;
      direction[r] = t.direction[perm[i]!]!;
    });
    return { logReturn, tradableLogReturn, direction, realisedDay: t.realisedDay };
  };
  return { ...fs, targets: { 1: shuffle(fs.targets[1]), 5: shuffle(fs.targets[5]) } };
}

/** The last day index that has rows. */
export function lastDay(fs: FeatureSet): number {
  return fs.rowDay[fs.rows - 1]!;
}

/** z for a 95 % family-wise interval over every algorithm (Bonferroni): Φ⁻¹(1 − 0.025/40) ≈ 3.23. */
export const Z_FAMILY = 3.23;

/** Small panels for the whole-registry checks: 20 stocks × 200 days, independent (no market factor). */
export const REGISTRY_SMALL_PANEL = { nSeries: 20, nDays: 200, beta: 0 } as const;

/** One retrain over a 40-day window (800 scored predictions) with small training caps: fast and still decisive. */
export const REGISTRY_FAST_OPTIONS: Omit<WalkForwardOptions, 'horizon'> = {
  evalDays: 40,
  retrainEvery: 40,
  minTrainDays: 80,
  maxTrainRows: 500,
  z: Z_FAMILY,
};

/** Every algorithm's walk-forward on `fs`: hit-rate interval contains 50 % and the Rank IC t is inside the family bound. */
export function expectNoSkill(fs: FeatureSet, label: string): void {
  const runs = walkForward(fs, ALGORITHMS, { horizon: 1, ...REGISTRY_FAST_OPTIONS, seed: 3 });
  expect(runs).toHaveLength(ALGORITHMS.length);
  for (const run of runs) {
    const m = run.metrics;
    const where = `${label} ${run.algorithmId}: hit ${(m.hitRate * 100).toFixed(2)} % [${(m.hitRateLow * 100).toFixed(2)}, ${(m.hitRateHigh * 100).toFixed(2)}], rank IC ${m.rankIc.mean.toFixed(4)}`;
    expect(run.error, where).toBeNull();
    expect(m.count, where).toBeGreaterThan(700);
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
