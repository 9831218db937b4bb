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

/**
 * What an algorithm's expected return forecasts: 'relative' — the stock's return against its day's cross-section
 * (pooled regressors and the stacking blend train on the per-day rank-gauss target) — or 'absolute' — the return itself
 * (per-series models, fitted rules, classifiers of P(return > 0)). Null for an unknown id.
 */
export function predictionTargetOf(id: string): 'relative' | 'absolute' | null {
  const a = byId.get(id);
  if (!a) return null;
  return a.scope === 'pooled' && a.output === 'regression' ? 'relative' : 'absolute';
}
