/**
 * Wrappers that turn the plain learners of ../learners (fit/predict on typed arrays) into registry algorithms.
 * Pooled scope. Regressors predict the winsorised forward log return; classifiers predict P(up), which is
 * Platt-calibrated on the latest 20 % of the training rows (the learner is fitted on the earlier 80 % only, so the
 * calibration scores are out of sample) and turned into an expected return (2p − 1)·E|r|.
 * Sequence learners receive, per row, the standardised feature rows of the stock's last SEQUENCE_LENGTH bars.
 */
import {
  type Algorithm,
  type AlgorithmCategory,
  type JsonValue,
  ModelStateError,
  type Prediction,
  type RowSet,
  type TrainedModel,
  type TrainingData,
  deserializeModel,
  finishModel,
} from '../algorithm.ts';
import { expectedReturnFromProbability, plattFit, sigmoid } from '../confidence.ts';
import { type FeatureSet, featureRows } from '../features.ts';
import { directionTargets, meanAbsReturn, winsorisedTargets } from './pooled-data.ts';

/** Bars of history per sample for the sequence learners (LSTM, GRU, 1-D CNN). */
export const SEQUENCE_LENGTH = 20;

/** The learner module shape (see learners/): typed arrays in, a JSON-safe state out. */
export interface LearnerModule {
  fit(X: Float64Array, nRows: number, nCols: number, y: Float64Array, options: never): unknown;
  predict(state: never, X: Float64Array, nRows: number, nCols: number): Float64Array;
}

export interface LearnerSpec {
  id: string;
  name: string;
  type: string;
  category: AlgorithmCategory;
  description: string;
  output: 'regression' | 'classification';
  /** Training-row cap for this learner (its cost); the walk-forward subsamples to it with a seed. */
  maxTrainRows: number;
  sequence?: boolean;
  learner: LearnerModule;
  /** Learner options; `seed` is added per fit. */
  options?: Record<string, unknown>;
}

/** rows × SEQUENCE_LENGTH × cols tensor (oldest bar first) of each row's stock history; missing bars are zeros. */
export function sequenceRows(fs: FeatureSet, rows: ArrayLike<number>): Float64Array {
  const L = SEQUENCE_LENGTH;
  const p = fs.cols;
  const nDays = fs.dayRowStart.length - 1;
  const out = new Float64Array(rows.length * L * p);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const s = fs.rowSeries[r]!;
    let d = fs.rowDay[r]!;
    // Walk back over the stock's own rows (calendar gaps are skipped, up to 2·L days).
    let slot = L - 1;
    for (let scanned = 0; slot >= 0 && d >= 0 && scanned < 2 * L; scanned++, d--) {
      const rr = fs.rowOf[s * nDays + d]!;
      if (rr < 0) continue;
      out.set(fs.x.subarray(rr * p, (rr + 1) * p), (i * L + slot) * p);
      slot--;
    }
  }
  return out;
}

const logit = (p: number): number => {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
};

function readLearnerState(state: JsonValue): Record<string, JsonValue> {
  if (typeof state !== 'object' || state === null || Array.isArray(state) || !('learner' in state)) {
    throw new ModelStateError('learner state missing');
  }
  return state;
}

/** Wraps a learner module into a registry Algorithm. */
export function learnerAlgorithm(spec: LearnerSpec): Algorithm {
  const inputs = (fs: FeatureSet, rows: ArrayLike<number>): { X: Float64Array; cols: number } =>
    spec.sequence ? { X: sequenceRows(fs, rows), cols: SEQUENCE_LENGTH * fs.cols } : { X: featureRows(fs, rows), cols: fs.cols };
  const learnerOptions = (fs: FeatureSet, seed: number): never =>
    ({ ...(spec.options ?? {}), seed, ...(spec.sequence ? { seqLen: SEQUENCE_LENGTH, nFeatures: fs.cols } : {}) }) as never;
  const algorithm: Algorithm = {
    id: spec.id,
    name: spec.name,
    type: spec.type,
    category: spec.category,
    description: spec.description,
    scope: 'pooled',
    output: spec.output,
    maxTrainRows: spec.maxTrainRows,
    fit(data: TrainingData, options = {}): TrainedModel {
      const fs = data.features;
      const seed = options.seed ?? 1;
      const n = data.rows.length;
      const { X, cols } = inputs(fs, data.rows);
      if (spec.output === 'regression') {
        const y = winsorisedTargets(data);
        const learner = spec.learner.fit(X, n, cols, y, learnerOptions(fs, seed)) as JsonValue;
        return finishModel(algorithm, data, { learner });
      }
      const y = directionTargets(data);
      const split = Math.floor(n * 0.8);
      const canCalibrate = split >= 50 && n - split >= 20;
      const fitRows = canCalibrate ? split : n;
      const learner = spec.learner.fit(X.subarray(0, fitRows * cols), fitRows, cols, y.subarray(0, fitRows), learnerOptions(fs, seed)) as JsonValue;
      let platt = { a: 1, b: 0 };
      if (canCalibrate) {
        const p = spec.learner.predict(learner as never, X.subarray(split * cols), n - split, cols);
        platt = plattFit(Float64Array.from(p, logit), y.subarray(split));
      }
      return finishModel(algorithm, data, { learner, plattA: platt.a, plattB: platt.b, meanAbsReturn: meanAbsReturn(data) });
    },
    predict(model: TrainedModel, rowSet: RowSet): Prediction {
      const st = readLearnerState(model.state);
      const { X, cols } = inputs(rowSet.features, rowSet.rows);
      const raw = spec.learner.predict(st.learner as never, X, rowSet.rows.length, cols);
      if (spec.output === 'regression') return { expectedReturn: Float64Array.from(raw), probabilityUp: null };
      const a = typeof st.plattA === 'number' ? st.plattA : 1;
      const b = typeof st.plattB === 'number' ? st.plattB : 0;
      const mar = typeof st.meanAbsReturn === 'number' ? st.meanAbsReturn : 0;
      const probabilityUp = Float64Array.from(raw, (p) => sigmoid(a * logit(p) + b));
      return { expectedReturn: Float64Array.from(probabilityUp, (p) => expectedReturnFromProbability(p, mar)), probabilityUp };
    },
    deserialize(serialized: unknown): TrainedModel {
      const m = deserializeModel(spec.id, serialized);
      readLearnerState(m.state);
      return m;
    },
  };
  return algorithm;
}

/** The nonlinear and neural learners (filled once ../learners is complete). */
export const LEARNER_ALGORITHMS: readonly Algorithm[] = [];
