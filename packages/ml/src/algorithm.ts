/**
 * The algorithm contract shared by every prediction model of the registry, and the helpers that train and apply one.
 */
import { isPredictionHorizon } from '@bist/contracts';
import { type FeatureSet, type Horizon, realisedRows } from './features.ts';
import { sampleSorted } from './random.ts';

export type AlgorithmCategory =
  'baseline' | 'time_series' | 'technical' | 'linear' | 'nonlinear' | 'neural' | 'ensemble';
/** per_series: one small model per stock; pooled: one model over all stocks' rows; rule: a technical rule whose scale is fitted. */
export type AlgorithmScope = 'per_series' | 'pooled' | 'rule';
export type AlgorithmOutput = 'regression' | 'classification';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Out-of-sample predictions of other algorithms, used as inputs by the stacking ensemble. */
export interface StackInputs {
  baseIds: readonly string[];
  /** One array per base algorithm, length features.rows, NaN where that algorithm made no prediction. */
  values: readonly Float64Array[];
}

/** What a fit may use: rows whose horizon target is realised by `cutoffDay`, and for per-series models, bars ≤ cutoffDay. */
export interface TrainingData {
  features: FeatureSet;
  horizon: Horizon;
  cutoffDay: number;
  /** Training rows (ascending), every one with targets[horizon].realisedDay ≤ cutoffDay; possibly a seeded subsample. */
  rows: Int32Array;
  stack?: StackInputs;
}

export interface FitOptions {
  seed?: number;
}

/** Rows to predict; per-series models may read the panel's bars up to each row's own day (never later). */
export interface RowSet {
  features: FeatureSet;
  rows: Int32Array;
  stack?: StackInputs;
}

/** A fitted model: JSON-serialisable as a whole (`JSON.stringify(model)`), restored by `algorithm.deserialize`. */
export interface TrainedModel {
  algorithmId: string;
  horizon: Horizon;
  cutoffDate: string | null;
  /** Standard deviation of the model's expected returns on its training rows; scales signal strength for confidence. */
  predictionScale: number;
  state: JsonValue;
}

/** Expected h-day log return per row; for classifiers also the calibrated probability that it is > 0. */
export interface Prediction {
  expectedReturn: Float64Array;
  probabilityUp: Float64Array | null;
}

export interface Algorithm {
  /** Stable kebab-case id. */
  id: string;
  name: string;
  type: string;
  category: AlgorithmCategory;
  description: string;
  scope: AlgorithmScope;
  output: AlgorithmOutput;
  /**
   * Cap on pooled training rows (seeded subsample of the realised rows); undefined → the walk-forward default;
   * Infinity → every realised row, whatever the run's cap.
   */
  maxTrainRows?: number;
  /** True for the stacking ensemble, which needs StackInputs. */
  needsStack?: boolean;
  fit(data: TrainingData, options?: FitOptions): TrainedModel;
  predict(model: TrainedModel, rows: RowSet): Prediction;
  /** Restores a model from its JSON form (the parsed output of JSON.stringify(model)). */
  deserialize(serialized: unknown): TrainedModel;
}

/** Thrown when a serialised model does not belong to the algorithm or is malformed. */
export class ModelStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelStateError';
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Validates the envelope of a serialised model for `algorithmId` and returns it typed. */
export function deserializeModel(algorithmId: string, serialized: unknown): TrainedModel {
  if (!isRecord(serialized)) throw new ModelStateError(`${algorithmId}: model is not an object`);
  if (serialized.algorithmId !== algorithmId) {
    throw new ModelStateError(`${algorithmId}: model belongs to ${String(serialized.algorithmId)}`);
  }
  const h = serialized.horizon;
  if (!isPredictionHorizon(h)) throw new ModelStateError(`${algorithmId}: bad horizon ${String(h)}`);
  const scale = serialized.predictionScale;
  if (typeof scale !== 'number') throw new ModelStateError(`${algorithmId}: missing predictionScale`);
  if (!('state' in serialized)) throw new ModelStateError(`${algorithmId}: missing state`);
  const cutoff = serialized.cutoffDate;
  return {
    algorithmId,
    horizon: h,
    cutoffDate: typeof cutoff === 'string' ? cutoff : null,
    predictionScale: scale,
    state: serialized.state as JsonValue,
  };
}

/** Reads a state field that must be a number array (JSON form of a Float64Array). */
export function stateNumbers(state: JsonValue, key: string): Float64Array {
  if (!isRecord(state)) throw new ModelStateError(`state is not an object`);
  const v = state[key];
  if (!Array.isArray(v)) throw new ModelStateError(`state.${key} is not an array`);
  return Float64Array.from(v, (x) => (typeof x === 'number' ? x : NaN));
}

/** Reads a numeric state field (null in JSON stands for NaN). */
export function stateNumber(state: JsonValue, key: string): number {
  if (!isRecord(state)) throw new ModelStateError(`state is not an object`);
  const v = state[key];
  if (typeof v === 'number') return v;
  if (v === null) return NaN;
  throw new ModelStateError(`state.${key} is not a number`);
}

/** Typed array → JSON numbers (NaN/±Infinity become null, which stateNumbers turns back into NaN). */
export function jsonNumbers(a: ArrayLike<number>): (number | null)[] {
  return Array.from(a, (v) => (Number.isFinite(v) ? v : null));
}

export interface TrainingDataOptions {
  /** Seeded uniform subsample of the realised rows when there are more; Infinity keeps all. */
  maxRows?: number;
  seed?: number;
  stack?: StackInputs;
}

/**
 * Training data at a cutoff: rows realised by `cutoffDay` (no look-ahead), subsampled to maxRows with a seed. With
 * `stack`, only rows that have every base prediction are kept, and the cap applies after that filter (so an ensemble
 * sees all of its usable rows up to the cap).
 */
export function trainingDataAt(
  features: FeatureSet,
  horizon: Horizon,
  cutoffDay: number,
  options: TrainingDataOptions = {},
): TrainingData {
  const realised = realisedRows(features, horizon, cutoffDay);
  const stack = options.stack;
  const all = stack ? realised.filter((r) => stack.values.every((v) => Number.isFinite(v[r]!))) : realised;
  const max = options.maxRows ?? Infinity;
  const rows =
    Number.isFinite(max) && all.length > max ? sampleSorted(all, Math.floor(max), options.seed ?? 1) : all;
  const data: TrainingData = { features, horizon, cutoffDay, rows };
  if (options.stack) data.stack = options.stack;
  return data;
}

/** Standard deviation of finite values (population); 0 when fewer than two. */
export function sdOf(v: ArrayLike<number>): number {
  let s = 0;
  let ss = 0;
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    if (Number.isFinite(x)) {
      s += x;
      ss += x * x;
      n++;
    }
  }
  return n > 1 ? Math.sqrt(Math.max(0, ss / n - (s / n) ** 2)) : 0;
}

/** Builds a TrainedModel and measures its predictionScale on (at most 2,000 of the latest) training rows. */
export function finishModel(algorithm: Algorithm, data: TrainingData, state: JsonValue): TrainedModel {
  const model: TrainedModel = {
    algorithmId: algorithm.id,
    horizon: data.horizon,
    cutoffDate: data.features.panel.dates[data.cutoffDay] ?? null,
    predictionScale: 0,
    state,
  };
  const take = Math.min(2000, data.rows.length);
  if (take > 0) {
    const rows = data.rows.slice(data.rows.length - take);
    const pred = algorithm.predict(model, {
      features: data.features,
      rows,
      ...(data.stack ? { stack: data.stack } : {}),
    });
    model.predictionScale = sdOf(pred.expectedReturn);
  }
  return model;
}
