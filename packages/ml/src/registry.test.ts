import { describe, expect, it } from 'vitest';
import { expectNoSkill, featuresOf, REGISTRY_SMALL_PANEL } from '../test/helpers.ts';
import { ALGORITHMS, algorithmById, listAlgorithms } from './registry.ts';

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

  it('on independent pure random walks every algorithm’s hit-rate interval contains 50 % and Rank IC ≈ 0', () => {
    // A feature that peeked at later bars would show skill here, where the future is pure noise.
    expectNoSkill(featuresOf({ ...REGISTRY_SMALL_PANEL, seed: 31 }), 'random walk');
  });
});
