/**
 * @bist/ml: features, 40 prediction algorithms, walk-forward evaluation and metrics for daily BIST bars; portfolio
 * optimisation (Ledoit–Wolf, capped mean–variance, Black–Litterman, monthly backtest).
 * Pure: typed arrays in, typed arrays out; no I/O, no clock, seeded randomness only.
 */
export * from './panel.ts';
export * from './features.ts';
export * from './algorithm.ts';
export * from './calibration.ts';
export * from './clustered.ts';
export * from './confidence.ts';
export * from './metrics.ts';
export * from './walk-forward.ts';
export * from './registry.ts';
export * from './serving.ts';
export { syntheticPanel, businessDays, type SyntheticPanelOptions } from './synthetic.ts';
export { Rng, sampleSorted } from './random.ts';
export {
  learnerAlgorithm,
  sequenceRows,
  SEQUENCE_LENGTH,
  type LearnerModule,
  type LearnerSpec,
} from './algorithms/learner-algorithms.ts';
export { STACKING_MIN_ROWS } from './algorithms/stacking.ts';
export * as learners from './learners/index.ts';
export * from './ranking.ts';
export * from './periods.ts';
export * from './portfolio/index.ts';
