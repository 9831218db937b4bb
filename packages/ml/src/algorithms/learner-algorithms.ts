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
import { plattFit, sigmoid } from '../calibration.ts';
import { expectedReturnFromProbability } from '../confidence.ts';
import { type FeatureSet, featureRows } from '../features.ts';
import * as learners from '../learners/index.ts';
import { SEQUENCE_DEFAULTS, tailValidationRows } from '../learners/sequence-core.ts';
import {
  crossSectionalTargets,
  directionTargets,
  holdoutSplit,
  meanAbsReturn,
  tailGap,
} from './pooled-data.ts';

/** Bars of history per sample for the sequence learners (LSTM, GRU, 1-D CNN). */
export const SEQUENCE_LENGTH = 20;

/** The learner module shape (see learners/): typed arrays in, a JSON-safe state out. */
export interface LearnerModule {
  fit(X: Float64Array, nRows: number, nCols: number, y: Float64Array, options: never): unknown;
  predict(state: never, X: Float64Array, nRows: number, nCols: number): Float64Array;
  /** Sequence learners: predict on sequences given as step-row indices (sequenceSteps), the same outputs. */
  predictSteps?(
    state: never,
    steps: Float64Array,
    nSteps: number,
    seq: Int32Array,
    nRows: number,
  ): Float64Array;
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
  /** A neural net that stops early on a validation tail (trainNet): the fit leaves the h days before it out. */
  earlyStopping?: boolean;
  learner: LearnerModule;
  /** Learner options; `seed` is added per fit. */
  options?: Record<string, unknown>;
}

/**
 * Each row's last SEQUENCE_LENGTH bars of its stock (oldest first) as indices into `steps`, the feature rows they read
 * (each once, nSteps × cols); −1 where the stock has no bar (before its history, or a gap of more than 2·L days).
 */
export function sequenceSteps(
  fs: FeatureSet,
  rows: ArrayLike<number>,
): { steps: Float64Array; nSteps: number; seq: Int32Array } {
  const L = SEQUENCE_LENGTH;
  const p = fs.cols;
  const nDays = fs.dayRowStart.length - 1;
  const seq = new Int32Array(rows.length * L).fill(-1);
  const compact = new Int32Array(fs.rowSeries.length).fill(-1);
  const source: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const s = fs.rowSeries[r]!;
    let d = fs.rowDay[r]!;
    // Walk back over the stock's own rows (calendar gaps are skipped, up to 2·L days).
    let slot = L - 1;
    for (let scanned = 0; slot >= 0 && d >= 0 && scanned < 2 * L; scanned++, d--) {
      const rr = fs.rowOf[s * nDays + d]!;
      if (rr < 0) continue;
      let c = compact[rr]!;
      if (c < 0) {
        c = compact[rr] = source.length;
        source.push(rr);
      }
      seq[i * L + slot] = c;
      slot--;
    }
  }
  const steps = new Float64Array(source.length * p);
  for (let c = 0; c < source.length; c++)
    steps.set(fs.x.subarray(source[c]! * p, (source[c]! + 1) * p), c * p);
  return { steps, nSteps: source.length, seq };
}

/** rows × SEQUENCE_LENGTH × cols tensor of sequenceSteps (oldest bar first); missing bars are zeros. */
export function sequenceRows(fs: FeatureSet, rows: ArrayLike<number>): Float64Array {
  const p = fs.cols;
  const { steps, seq } = sequenceSteps(fs, rows);
  const out = new Float64Array(seq.length * p);
  for (let k = 0; k < seq.length; k++) {
    const c = seq[k]!;
    if (c >= 0) out.set(steps.subarray(c * p, (c + 1) * p), k * p);
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
    spec.sequence
      ? { X: sequenceRows(fs, rows), cols: SEQUENCE_LENGTH * fs.cols }
      : { X: featureRows(fs, rows), cols: fs.cols };
  const learnerOptions = (data: TrainingData, n: number, seed: number): never =>
    ({
      ...(spec.options ?? {}),
      seed,
      ...(spec.sequence ? { seqLen: SEQUENCE_LENGTH, nFeatures: data.features.cols } : {}),
      ...(spec.earlyStopping ? earlyStoppingOptions(data, n) : {}),
    }) as never;
  /** The validation tail's share, given to the learner with the gap worked out for that tail. */
  const earlyStoppingOptions = (data: TrainingData, n: number) => {
    const validationFraction =
      (spec.options?.validationFraction as number | undefined) ?? SEQUENCE_DEFAULTS.validationFraction;
    return {
      validationFraction,
      validationGap: tailGap(data, tailValidationRows(n, validationFraction), n),
    };
  };
  const predictRaw = (learner: unknown, rowSet: RowSet): Float64Array => {
    const n = rowSet.rows.length;
    if (spec.sequence && spec.learner.predictSteps) {
      // Without expanding every row's 20 bars: a stock's consecutive days read the same feature rows.
      const { steps, nSteps, seq } = sequenceSteps(rowSet.features, rowSet.rows);
      return spec.learner.predictSteps(learner as never, steps, nSteps, seq, n);
    }
    const { X, cols } = inputs(rowSet.features, rowSet.rows);
    return spec.learner.predict(learner as never, X, n, cols);
  };
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
        const y = crossSectionalTargets(data);
        const learner = spec.learner.fit(X, n, cols, y, learnerOptions(data, n, seed)) as JsonValue;
        return finishModel(algorithm, data, { learner });
      }
      const y = directionTargets(data);
      const { split, trainEnd } = holdoutSplit(data);
      const canCalibrate = trainEnd >= 50 && n - split >= 20;
      const fitRows = canCalibrate ? trainEnd : n;
      const learner = spec.learner.fit(
        X.subarray(0, fitRows * cols),
        fitRows,
        cols,
        y.subarray(0, fitRows),
        learnerOptions(data, fitRows, seed),
      ) as JsonValue;
      let platt = { a: 1, b: 0 };
      if (canCalibrate) {
        const p = spec.learner.predict(learner as never, X.subarray(split * cols), n - split, cols);
        platt = plattFit(Float64Array.from(p, logit), y.subarray(split));
      }
      return finishModel(algorithm, data, {
        learner,
        plattA: platt.a,
        plattB: platt.b,
        meanAbsReturn: meanAbsReturn(data),
      });
    },
    predict(model: TrainedModel, rowSet: RowSet): Prediction {
      const st = readLearnerState(model.state);
      const raw = predictRaw(st.learner, rowSet);
      if (spec.output === 'regression')
        return { expectedReturn: Float64Array.from(raw), probabilityUp: null };
      const a = typeof st.plattA === 'number' ? st.plattA : 1;
      const b = typeof st.plattB === 'number' ? st.plattB : 0;
      const mar = typeof st.meanAbsReturn === 'number' ? st.meanAbsReturn : 0;
      const probabilityUp = Float64Array.from(raw, (p) => sigmoid(a * logit(p) + b));
      return {
        expectedReturn: Float64Array.from(probabilityUp, (p) => expectedReturnFromProbability(p, mar)),
        probabilityUp,
      };
    },
    deserialize(serialized: unknown): TrainedModel {
      const m = deserializeModel(spec.id, serialized);
      readLearnerState(m.state);
      return m;
    },
  };
  return algorithm;
}

/**
 * The 13 nonlinear and neural algorithms. Costs are bounded for the 10-minute budget of a full walk-forward on
 * 600 stocks: each has a training-row cap (seeded subsample), and the sequence models use small networks.
 */
export const LEARNER_ALGORITHMS: readonly Algorithm[] = [
  learnerAlgorithm({
    id: 'hist-gbdt',
    name: 'Gradient-Boosted Trees',
    type: 'Gradient Boosting',
    category: 'nonlinear',
    description:
      'Histogram gradient-boosted regression trees (quantile bins, leaf-wise growth, row subsampling), the LightGBM recipe.',
    output: 'regression',
    maxTrainRows: 20_000,
    learner: learners.histGbdt,
    options: {
      nRounds: 60,
      learningRate: 0.08,
      maxLeaves: 15,
      minSamplesLeaf: 200,
      subsample: 0.7,
      maxBins: 32,
    },
  }),
  learnerAlgorithm({
    id: 'cart',
    name: 'CART Decision Tree',
    type: 'Decision Tree',
    category: 'nonlinear',
    description:
      'One depth-4 regression tree with variance splits on histogram bins and large (≥ 1,000-row) leaves.',
    output: 'regression',
    maxTrainRows: 30_000,
    learner: learners.cart,
    options: { maxDepth: 4, minSamplesLeaf: 1000, maxBins: 64 },
  }),
  learnerAlgorithm({
    id: 'random-forest',
    name: 'Random Forest',
    type: 'Random Forest',
    category: 'nonlinear',
    description:
      'Thirty bootstrap-sampled depth-6 regression trees with √p candidate features per split, averaged.',
    output: 'regression',
    maxTrainRows: 15_000,
    learner: learners.randomForest,
    options: {
      nTrees: 30,
      maxDepth: 6,
      minSamplesLeaf: 100,
      sampleFraction: 0.5,
    },
  }),
  learnerAlgorithm({
    id: 'extra-trees',
    name: 'Extra Trees',
    type: 'Extra Trees',
    category: 'nonlinear',
    description:
      'Thirty extremely randomised depth-6 regression trees (random thresholds, √p features per split), averaged.',
    output: 'regression',
    maxTrainRows: 15_000,
    learner: learners.extraTrees,
    options: { nTrees: 30, maxDepth: 6, minSamplesLeaf: 100, maxFeatures: 'sqrt' },
  }),
  learnerAlgorithm({
    id: 'adaboost',
    name: 'AdaBoost',
    type: 'Boosting',
    category: 'nonlinear',
    description: 'SAMME AdaBoost of depth-2 trees classifying the direction of the move, Platt-calibrated.',
    output: 'classification',
    maxTrainRows: 20_000,
    learner: learners.adaboost,
    options: {
      task: 'classification',
      nEstimators: 50,
      maxDepth: 2,
      minSamplesLeaf: 100,
      learningRate: 0.5,
    },
  }),
  learnerAlgorithm({
    id: 'knn',
    name: 'k-Nearest Neighbours',
    type: 'k-NN',
    category: 'nonlinear',
    description:
      'Share of up moves among the 50 nearest training rows (standardised features, 1,000-row reference subsample).',
    output: 'classification',
    maxTrainRows: 30_000,
    learner: learners.knn,
    options: { task: 'classification', k: 50, maxReference: 1000 },
  }),
  learnerAlgorithm({
    id: 'gaussian-nb',
    name: 'Gaussian Naive Bayes',
    type: 'Naive Bayes',
    category: 'nonlinear',
    description:
      'Up and down days modelled as independent normals per feature; Bayes’ rule gives P(up), Platt-calibrated.',
    output: 'classification',
    maxTrainRows: 30_000,
    learner: learners.gaussianNb,
  }),
  learnerAlgorithm({
    id: 'linear-svm',
    name: 'Linear SVM',
    type: 'Support Vector Machine',
    category: 'nonlinear',
    description:
      'Linear support vector machine on the hinge loss (Pegasos stochastic sub-gradient), Platt-calibrated.',
    output: 'classification',
    maxTrainRows: 30_000,
    learner: learners.linearSvm,
    options: { lambda: 1e-3, epochs: 10 },
  }),
  learnerAlgorithm({
    id: 'kernel-ridge',
    name: 'Kernel Ridge Regression',
    type: 'Kernel Ridge (RBF)',
    category: 'nonlinear',
    description:
      'Ridge regression in an RBF kernel space, fitted on a seeded 800-row subsample of the training rows.',
    output: 'regression',
    maxTrainRows: 5000,
    learner: learners.kernelRidge,
    options: { alpha: 10, maxRows: 800 },
  }),
  learnerAlgorithm({
    id: 'mlp',
    name: 'Multilayer Perceptron',
    type: 'Neural Network',
    category: 'neural',
    description:
      'Two hidden ReLU layers (32, 16) trained with Adam and early stopping on the forward return.',
    output: 'regression',
    maxTrainRows: 10_000,
    earlyStopping: true,
    learner: learners.mlp,
    options: { hiddenSizes: [32, 16], maxEpochs: 8, patience: 3, l2: 1e-3 },
  }),
  learnerAlgorithm({
    id: 'lstm',
    name: 'LSTM Network',
    type: 'Recurrent Neural Network',
    category: 'neural',
    description: 'An 8-unit LSTM reading the last 20 days of feature vectors, regressing the forward return.',
    output: 'regression',
    maxTrainRows: 1500,
    sequence: true,
    earlyStopping: true,
    learner: learners.lstm,
    options: { hidden: 8, maxEpochs: 3 },
  }),
  learnerAlgorithm({
    id: 'gru',
    name: 'GRU Network',
    type: 'Recurrent Neural Network',
    category: 'neural',
    description:
      'An 8-unit GRU reading the last 20 days of feature vectors, classifying the direction (Platt-calibrated).',
    output: 'classification',
    maxTrainRows: 1500,
    sequence: true,
    earlyStopping: true,
    learner: learners.gru,
    options: { task: 'classification', hidden: 8, maxEpochs: 3 },
  }),
  learnerAlgorithm({
    id: 'cnn1d',
    name: '1-D Convolutional Network',
    type: 'Convolutional Neural Network',
    category: 'neural',
    description:
      'Eight width-3 convolution filters over the last 20 days of feature vectors, classifying the direction.',
    output: 'classification',
    maxTrainRows: 1500,
    sequence: true,
    earlyStopping: true,
    learner: learners.cnn1d,
    options: { task: 'classification', filters: 8, dense: 8, maxEpochs: 4 },
  }),
];
