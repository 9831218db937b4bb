/**
 * Typed-array learners: each namespace exports fit(X, nRows, nCols, y, options) → JSON-safe state and
 * predict(state, X, nRows, nCols) → Float64Array (regression value, or P(y = 1) for classifiers).
 * Sequence learners (lstm, gru, cnn1d) read X as [nRows, seqLen, nFeatures] with seqLen and nFeatures in options.
 */
export * as histGbdt from './hist-gbdt.ts';
export * as cart from './cart.ts';
export * as randomForest from './random-forest.ts';
export * as extraTrees from './extra-trees.ts';
export * as adaboost from './adaboost.ts';
export * as knn from './knn.ts';
export * as gaussianNb from './gaussian-nb.ts';
export * as linearSvm from './linear-svm.ts';
export * as kernelRidge from './kernel-ridge.ts';
export * as mlp from './mlp.ts';
export * as lstm from './lstm.ts';
export * as gru from './gru.ts';
export * as cnn1d from './cnn1d.ts';
export { Rng } from '../random.ts';
export { LearnerInputError, type LearnerTask } from './common.ts';

/** 'both' learners take a `task` option ('regression' | 'classification', default 'regression'). */
export type LearnerTaskSupport = 'regression' | 'classification' | 'both';

export interface LearnerInfo {
  /** Module file name and the key used across the product. */
  name: string;
  /** Export name in this index (the namespace). */
  namespace: string;
  task: LearnerTaskSupport;
  /** X is [nRows, seqLen, nFeatures] with seqLen and nFeatures required in options. */
  sequence: boolean;
  /** Options object uses `seed` (its randomness is reproducible from it). */
  seeded: boolean;
  description: string;
}

export const LEARNERS: readonly LearnerInfo[] = [
  {
    name: 'hist-gbdt',
    namespace: 'histGbdt',
    task: 'both',
    sequence: false,
    seeded: true,
    description:
      'Histogram gradient-boosted trees (quantile bins, leaf-wise growth, squared or logistic loss).',
  },
  {
    name: 'cart',
    namespace: 'cart',
    task: 'both',
    sequence: false,
    seeded: false,
    description: 'Single CART decision tree (variance / Gini) on histogram splits.',
  },
  {
    name: 'random-forest',
    namespace: 'randomForest',
    task: 'both',
    sequence: false,
    seeded: true,
    description: 'Random forest: bootstrap histogram trees with per-node column sampling, averaged.',
  },
  {
    name: 'extra-trees',
    namespace: 'extraTrees',
    task: 'both',
    sequence: false,
    seeded: true,
    description: 'Extremely randomised trees: random cut points, no bootstrap, averaged.',
  },
  {
    name: 'adaboost',
    namespace: 'adaboost',
    task: 'both',
    sequence: false,
    seeded: false,
    description: 'AdaBoost on shallow trees: AdaBoost.R2 for regression, SAMME for classification.',
  },
  {
    name: 'knn',
    namespace: 'knn',
    task: 'both',
    sequence: false,
    seeded: true,
    description: 'k-nearest neighbours on standardised features over a seeded reference subsample.',
  },
  {
    name: 'gaussian-nb',
    namespace: 'gaussianNb',
    task: 'classification',
    sequence: false,
    seeded: false,
    description: 'Gaussian naive Bayes with variance smoothing.',
  },
  {
    name: 'linear-svm',
    namespace: 'linearSvm',
    task: 'classification',
    sequence: false,
    seeded: true,
    description: 'Linear SVM by Pegasos SGD on standardised features, Platt-scaled probabilities.',
  },
  {
    name: 'kernel-ridge',
    namespace: 'kernelRidge',
    task: 'regression',
    sequence: false,
    seeded: true,
    description: 'RBF kernel ridge regression (Cholesky) on a seeded subsample of ≤ 1,500 rows.',
  },
  {
    name: 'mlp',
    namespace: 'mlp',
    task: 'both',
    sequence: false,
    seeded: true,
    description: 'Multilayer perceptron (1–2 hidden layers, Adam, early stopping on a tail split).',
  },
  {
    name: 'lstm',
    namespace: 'lstm',
    task: 'both',
    sequence: true,
    seeded: true,
    description: 'LSTM over the feature sequence (BPTT, Adam), linear head on the last hidden state.',
  },
  {
    name: 'gru',
    namespace: 'gru',
    task: 'both',
    sequence: true,
    seeded: true,
    description: 'GRU over the feature sequence (BPTT, Adam), linear head on the last hidden state.',
  },
  {
    name: 'cnn1d',
    namespace: 'cnn1d',
    task: 'both',
    sequence: true,
    seeded: true,
    description: '1-D convolution over time, flattened into a dense ReLU layer (Adam).',
  },
];
