/** Shared fixtures for the ml tests: feature sets with planted or shuffled targets. */
import { type FeatureSet, type HorizonTargets, buildFeatures } from '../src/features.ts';
import { SeededRandom } from '../src/random.ts';
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
  const t1: HorizonTargets = { logReturn, direction, realisedDay: old.realisedDay };
  return { ...fs, targets: { 1: t1, 5: fs.targets[5] } };
}

/** Shuffles each horizon's realised targets across rows (seeded): any skill left afterwards is leakage. */
export function withShuffledTargets(fs: FeatureSet, seed: number): FeatureSet {
  const rng = new SeededRandom(seed);
  const shuffle = (t: HorizonTargets): HorizonTargets => {
    const idx: number[] = [];
    for (let r = 0; r < fs.rows; r++) if (!Number.isNaN(t.logReturn[r]!)) idx.push(r);
    const perm = rng.shuffle(Int32Array.from(idx));
    const logReturn = t.logReturn.slice();
    const direction = t.direction.slice();
    idx.forEach((r, i) => {
      logReturn[r] = t.logReturn[perm[i]!]!;
      direction[r] = t.direction[perm[i]!]!;
    });
    return { logReturn, direction, realisedDay: t.realisedDay };
  };
  return { ...fs, targets: { 1: shuffle(fs.targets[1]), 5: shuffle(fs.targets[5]) } };
}

/** The last day index that has rows. */
export function lastDay(fs: FeatureSet): number {
  return fs.rowDay[fs.rows - 1]!;
}
