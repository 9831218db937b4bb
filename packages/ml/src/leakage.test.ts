import { describe, expect, it } from 'vitest';
import {
  expectNoSkill,
  featuresOf,
  REGISTRY_FAST_OPTIONS,
  REGISTRY_SMALL_PANEL,
  withShuffledTargets,
} from '../test/helpers.ts';
import { ols } from './algorithms/linear.ts';
import { walkForwardAlgorithm } from './walk-forward.ts';

describe('shuffled-target control', () => {
  it('with a real planted signal OLS has skill, but after shuffling the targets no algorithm keeps any', () => {
    const planted = featuresOf({ ...REGISTRY_SMALL_PANEL, seed: 32, continuation: 0.4 });
    const real = walkForwardAlgorithm(planted, ols, { horizon: 1, ...REGISTRY_FAST_OPTIONS });
    expect(real.metrics.hitRateLow).toBeGreaterThan(0.5);
    // Skill that survives shuffling can only come from a path that reads the target it is scored on.
    expectNoSkill(withShuffledTargets(planted, 77), 'shuffled');
  });
});
