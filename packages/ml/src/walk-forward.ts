/**
 * Walk-forward evaluation with no look-ahead: an expanding window retrained every `retrainEvery` trading days over the
 * last `evalDays` days. At cutoff c a model is trained on rows whose target is realised by day c (so for h = 5 the last
 * five days before c drop out) and then predicts the rows of days c … c + retrainEvery − 1, out of sample.
 */
import type { Algorithm, StackInputs, TrainedModel, TrainingData } from './algorithm.ts';
import { trainingDataAt } from './algorithm.ts';
import { type FeatureSet, gather, type Horizon, rowsOfDays } from './features.ts';
import { type EvaluationMetrics, evaluatePredictions, Z_95 } from './metrics.ts';
import { type RankingMetrics, rankingMetrics } from './ranking.ts';

/** Default cap on pooled and rule training rows per fit (a seeded uniform subsample of the realised rows). */
export const DEFAULT_MAX_TRAIN_ROWS = 30_000;
export const DEFAULT_EVAL_DAYS = 250;
export const DEFAULT_RETRAIN_EVERY = 20;
/** Calendar days with rows required before the first cutoff. */
export const DEFAULT_MIN_TRAIN_DAYS = 120;

export interface WalkForwardOptions {
  horizon: Horizon;
  /** Evaluate over the last evalDays calendar days that have rows (default 250). */
  evalDays?: number;
  /** Retrain every this many days (default 20). */
  retrainEvery?: number;
  /** Training-row cap for pooled/rule models (default 30,000; an algorithm's own maxTrainRows wins if smaller). */
  maxTrainRows?: number;
  /** Days with rows before the first cutoff (default 120). */
  minTrainDays?: number;
  seed?: number;
  /** z of the hit-rate interval (default 1.96, 95 %). */
  z?: number;
  /** Millisecond clock for the fit/predict timings (injected: this package reads no clock). Timings are 0 without it. */
  clock?: () => number;
}

/** One algorithm's out-of-sample predictions and scores at one horizon. */
export interface WalkForwardRun {
  algorithmId: string;
  horizon: Horizon;
  /** Predicted rows (ascending); targets of the last days may be unrealised and are not scored. */
  rows: Int32Array;
  expectedReturn: Float64Array;
  probabilityUp: Float64Array | null;
  retrains: number;
  fitMs: number;
  predictMs: number;
  metrics: EvaluationMetrics;
  /** Rank IC against the simple-factor ladder and on the tradable target, same rows. */
  ranking: RankingMetrics;
  /** The model of the last cutoff (the most recent training). */
  lastModel: TrainedModel | null;
  firstDate: string | null;
  lastDate: string | null;
  /** Set when a fit or predict threw; predictions of the failed windows are 0 (the random walk). */
  error: string | null;
}

/** The cutoff days of a walk-forward on `fs` (each cutoff predicts the days up to the next one). */
export function walkForwardCutoffs(fs: FeatureSet, options: WalkForwardOptions): number[] {
  const nDays = fs.dayRowStart.length - 1;
  let firstDay = -1;
  let lastDay = -1;
  for (let d = 0; d < nDays; d++) {
    if (fs.dayRowStart[d + 1]! > fs.dayRowStart[d]!) {
      if (firstDay < 0) firstDay = d;
      lastDay = d;
    }
  }
  if (firstDay < 0) return [];
  const evalDays = options.evalDays ?? DEFAULT_EVAL_DAYS;
  const step = Math.max(1, options.retrainEvery ?? DEFAULT_RETRAIN_EVERY);
  const start = Math.max(firstDay + (options.minTrainDays ?? DEFAULT_MIN_TRAIN_DAYS), lastDay - evalDays + 1);
  const cutoffs: number[] = [];
  for (let c = start; c <= lastDay; c += step) cutoffs.push(c);
  return cutoffs;
}

/** Walk-forward of one algorithm; `stack` must hold the base algorithms' out-of-sample predictions for stacking. */
export function walkForwardAlgorithm(
  fs: FeatureSet,
  algorithm: Algorithm,
  options: WalkForwardOptions,
  stack?: StackInputs,
): WalkForwardRun {
  const clock = options.clock ?? (() => 0);
  const step = Math.max(1, options.retrainEvery ?? DEFAULT_RETRAIN_EVERY);
  const cap = trainRowCap(algorithm, options.maxTrainRows);
  const cutoffs = walkForwardCutoffs(fs, options);
  const parts: { rows: Int32Array; er: Float64Array; pu: Float64Array | null }[] = [];
  let fitMs = 0;
  let predictMs = 0;
  let lastModel: TrainedModel | null = null;
  let error: string | null = null;
  for (const c of cutoffs) {
    const rows = rowsOfDays(fs, c, c + step);
    if (rows.length === 0) continue;
    try {
      const t0 = clock();
      const seeds = fitSeeds(options.seed ?? 1, c);
      const data = trainingDataAt(fs, options.horizon, c, {
        maxRows: cap,
        seed: seeds.sample,
        ...(stack ? { stack } : {}),
      });
      const model = algorithm.fit(data, { seed: seeds.fit });
      const t1 = clock();
      const pred = algorithm.predict(model, { features: fs, rows, ...(stack ? { stack } : {}) });
      const t2 = clock();
      fitMs += t1 - t0;
      predictMs += t2 - t1;
      lastModel = model;
      parts.push({ rows, er: pred.expectedReturn, pu: pred.probabilityUp });
    } catch (e) {
      // Recorded on the run (and shown by the benchmark), never swallowed: the window falls back to the random walk.
      error = `${fs.panel.dates[c] ?? c}: ${e instanceof Error ? e.message : String(e)}`;
      parts.push({ rows, er: new Float64Array(rows.length), pu: null });
    }
  }
  const total = parts.reduce((s, p) => s + p.rows.length, 0);
  const rows = new Int32Array(total);
  const expectedReturn = new Float64Array(total);
  const anyProb = algorithm.output === 'classification' && parts.some((p) => p.pu !== null);
  const probabilityUp = anyProb ? new Float64Array(total).fill(0.5) : null;
  let o = 0;
  for (const p of parts) {
    rows.set(p.rows, o);
    expectedReturn.set(p.er, o);
    if (probabilityUp && p.pu) probabilityUp.set(p.pu, o);
    o += p.rows.length;
  }
  const target = fs.targets[options.horizon].logReturn;
  const realised = gather(target, rows);
  const day = Int32Array.from(rows, (r) => fs.rowDay[r]!);
  // The ranking figures rank each day's predictions once; the metrics reuse their daily Rank IC.
  const ranking = rankingMetrics(fs, options.horizon, rows, expectedReturn);
  return {
    algorithmId: algorithm.id,
    horizon: options.horizon,
    rows,
    expectedReturn,
    probabilityUp,
    retrains: cutoffs.length,
    fitMs,
    predictMs,
    metrics: evaluatePredictions(
      expectedReturn,
      realised,
      day,
      options.z ?? Z_95,
      options.horizon,
      ranking.rankIcDaily,
    ),
    ranking,
    lastModel,
    firstDate: total > 0 ? (fs.panel.dates[day[0]!] ?? null) : null,
    lastDate: total > 0 ? (fs.panel.dates[day[total - 1]!] ?? null) : null,
    error,
  };
}

/**
 * The training-row cap walk-forward applies to an algorithm: none for per-series models and for those declaring
 * `maxTrainRows: Infinity`, else min(option, own cap).
 */
export function trainRowCap(algorithm: Algorithm, maxTrainRows = DEFAULT_MAX_TRAIN_ROWS): number {
  return algorithm.scope === 'per_series' || algorithm.maxTrainRows === Infinity
    ? Infinity
    : Math.min(maxTrainRows, algorithm.maxTrainRows ?? Infinity);
}

/**
 * The one seed derivation of every fit (walk-forward windows, the bench, the server's final fit): at cutoff day c with
 * run seed s, the training subsample uses s·100,003 + c and the learner s + c. The served model is therefore exactly
 * the fit the walk-forward would make at that cutoff.
 */
export function fitSeeds(seed: number, cutoffDay: number): { sample: number; fit: number } {
  return { sample: seed * 100_003 + cutoffDay, fit: seed + cutoffDay };
}

export interface FitLatestOptions {
  maxTrainRows?: number;
  seed?: number;
  stack?: StackInputs;
}

/** The training data of the production fit: every row realised by the last day, capped and seeded by fitSeeds. */
export function latestTrainingData(
  fs: FeatureSet,
  algorithm: Algorithm,
  horizon: Horizon,
  options: FitLatestOptions = {},
): TrainingData {
  const cutoff = fs.rows > 0 ? fs.rowDay[fs.rows - 1]! : 0;
  return trainingDataAt(fs, horizon, cutoff, {
    maxRows: trainRowCap(algorithm, options.maxTrainRows),
    seed: fitSeeds(options.seed ?? 1, cutoff).sample,
    ...(options.stack ? { stack: options.stack } : {}),
  });
}

/**
 * The production fit: trained after the last day's close on every row realised by then (capped and seeded as in the
 * walk-forward, fitSeeds), ready to predict `latestRows(fs)`. Stacking needs `stack` (the walk-forward's base
 * predictions).
 */
export function fitLatest(
  fs: FeatureSet,
  algorithm: Algorithm,
  horizon: Horizon,
  options: FitLatestOptions = {},
): TrainedModel {
  const data = latestTrainingData(fs, algorithm, horizon, options);
  return algorithm.fit(data, { seed: fitSeeds(options.seed ?? 1, data.cutoffDay).fit });
}

/**
 * Base predictions of finished runs laid out per feature row (NaN where a run made no prediction), the input of the
 * stacking ensemble. For a live stacking prediction pass the base models' predictions of the latest rows as `live`.
 */
export function stackInputsFromRuns(
  fs: FeatureSet,
  runs: readonly WalkForwardRun[],
  live: readonly { algorithmId: string; rows: Int32Array; expectedReturn: Float64Array }[] = [],
): StackInputs {
  return {
    baseIds: runs.map((r) => r.algorithmId),
    values: runs.map((run) => {
      const v = new Float64Array(fs.rows).fill(NaN);
      for (let i = 0; i < run.rows.length; i++) v[run.rows[i]!] = run.expectedReturn[i]!;
      for (const p of live) {
        if (p.algorithmId !== run.algorithmId) continue;
        for (let i = 0; i < p.rows.length; i++) v[p.rows[i]!] = p.expectedReturn[i]!;
      }
      return v;
    }),
  };
}

/**
 * Walk-forward of several algorithms: the non-ensemble ones first, then the ensembles on their out-of-sample
 * predictions. `onRun` is called after each algorithm (progress reporting).
 */
export function walkForward(
  fs: FeatureSet,
  algorithms: readonly Algorithm[],
  options: WalkForwardOptions,
  onRun?: (run: WalkForwardRun) => void,
): WalkForwardRun[] {
  const base: WalkForwardRun[] = [];
  for (const a of algorithms.filter((x) => !x.needsStack)) {
    const run = walkForwardAlgorithm(fs, a, options);
    base.push(run);
    onRun?.(run);
  }
  const ensembles: WalkForwardRun[] = [];
  const stackable = base.filter((r) => r.error === null);
  for (const a of algorithms.filter((x) => x.needsStack)) {
    const run = walkForwardAlgorithm(fs, a, options, stackInputsFromRuns(fs, stackable));
    ensembles.push(run);
    onRun?.(run);
  }
  const order = new Map(algorithms.map((a, i) => [a.id, i]));
  return [...base, ...ensembles].sort((x, y) => order.get(x.algorithmId)! - order.get(y.algorithmId)!);
}
