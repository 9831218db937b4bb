import { describe, expect, it } from 'vitest';
import * as learners from './index.ts';
import { LEARNERS, LearnerInputError } from './index.ts';
import { makeLinearClass } from '../../test/learner-data.ts';

interface Module {
  fit(X: Float64Array, nRows: number, nCols: number, y: Float64Array, options: object): object;
  predict(state: object, X: Float64Array, nRows: number, nCols: number): Float64Array;
}
const modules = learners as unknown as Record<string, Module | undefined>;

describe('learners index', () => {
  it('lists 13 learners, each backed by a namespace with fit and predict', () => {
    expect(LEARNERS.length).toBe(13);
    expect(new Set(LEARNERS.map((l) => l.name)).size).toBe(13);
    for (const l of LEARNERS) {
      expect(typeof modules[l.namespace]?.fit).toBe('function');
      expect(typeof modules[l.namespace]?.predict).toBe('function');
    }
  });

  it('every learner fits tiny 0/1 data, predicts in range, and rejects inconsistent shapes', () => {
    const d = makeLinearClass(120, 6, 1);
    for (const l of LEARNERS) {
      const mod = modules[l.namespace]!;
      const options = {
        ...(l.sequence ? { seqLen: 3, nFeatures: 2, maxEpochs: 2 } : {}),
        ...(l.task === 'both' ? { task: 'classification' } : {}),
      };
      const state = mod.fit(d.X, 120, 6, d.y, options);
      const p = mod.predict(state, d.X, 120, 6);
      expect(p.length, l.name).toBe(120);
      if (l.task !== 'regression')
        expect(
          p.every((v) => v >= 0 && v <= 1),
          l.name,
        ).toBe(true);
      expect(() => mod.predict(state, d.X.subarray(0, 100), 20, 5), l.name).toThrow(LearnerInputError);
      expect(() => mod.fit(d.X, 120, 6, d.y.subarray(0, 119), options), l.name).toThrow(LearnerInputError);
    }
  });
});
