/**
 * Contract checks shared by the learner tests: JSON round-trip of the state and seed determinism.
 * Imported only by *.test.ts files.
 */
import { expect } from 'vitest';
import type { Dataset } from './learner-data.ts';

/** The shape every learner module exports. */
export interface LearnerModule<O, S> {
  fit(X: Float64Array, nRows: number, nCols: number, y: Float64Array, options: O): S;
  predict(state: S, X: Float64Array, nRows: number, nCols: number): Float64Array;
}

/** Asserts the state survives JSON.parse(JSON.stringify(state)) with bit-identical predictions, and a refit with the same options predicts identically. */
export function expectContract<O, S>(
  mod: LearnerModule<O, S>,
  train: Dataset,
  test: Dataset,
  options: O,
): void {
  const state = mod.fit(train.X, train.nRows, train.nCols, train.y, options);
  const p = mod.predict(state, test.X, test.nRows, test.nCols);
  expect(p.length).toBe(test.nRows);
  expect(p.every((v) => Number.isFinite(v))).toBe(true);
  const revived = JSON.parse(JSON.stringify(state)) as S;
  expect(Array.from(mod.predict(revived, test.X, test.nRows, test.nCols))).toEqual(Array.from(p));
  const again = mod.fit(train.X, train.nRows, train.nCols, train.y, options);
  expect(Array.from(mod.predict(again, test.X, test.nRows, test.nCols))).toEqual(Array.from(p));
}
