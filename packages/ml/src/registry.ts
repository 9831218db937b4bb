/** The registry of prediction algorithms: every model the product can train, in display order. */
import type { Algorithm, AlgorithmCategory, AlgorithmOutput, AlgorithmScope } from './algorithm.ts';
import { LEARNER_ALGORITHMS } from './algorithms/learner-algorithms.ts';
import { LINEAR_ALGORITHMS } from './algorithms/linear.ts';
import { RULE_ALGORITHMS } from './algorithms/rules.ts';
import { stacking } from './algorithms/stacking.ts';
import { TIME_SERIES_ALGORITHMS } from './algorithms/time-series.ts';

/** All algorithms: baselines and time series, technical rules, linear, nonlinear and neural learners, then stacking. */
export const ALGORITHMS: readonly Algorithm[] = [
  ...TIME_SERIES_ALGORITHMS,
  ...RULE_ALGORITHMS,
  ...LINEAR_ALGORITHMS,
  ...LEARNER_ALGORITHMS,
  stacking,
];

const byId = new Map(ALGORITHMS.map((a) => [a.id, a]));

/** The algorithm with this id, or undefined. */
export function algorithmById(id: string): Algorithm | undefined {
  return byId.get(id);
}

/** Display metadata of an algorithm (what the server stores in its algorithms table). */
export interface AlgorithmInfo {
  id: string;
  name: string;
  type: string;
  category: AlgorithmCategory;
  description: string;
  scope: AlgorithmScope;
  output: AlgorithmOutput;
}

export function listAlgorithms(): AlgorithmInfo[] {
  return ALGORITHMS.map(({ id, name, type, category, description, scope, output }) => ({
    id,
    name,
    type,
    category,
    description,
    scope,
    output,
  }));
}
