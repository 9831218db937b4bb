/**
 * Pooled linear models on the standardised features (one model over all stocks' rows). Regressors predict the
 * cross-sectional target (the per-day rank-gauss of the forward log return in return units, crossSectionalTargets:
 * how far the stock ends above or below its day's average); classifiers predict P(return > 0), Platt-calibrated on the latest 20 % of the
 * training rows, and turn it into an expected return (2p − 1)·E|r|.
 */
import {
  type Algorithm,
  type JsonValue,
  type Prediction,
  type RowSet,
  type TrainedModel,
  type TrainingData,
  deserializeModel,
  finishModel,
  jsonNumbers,
  stateNumber,
  stateNumbers,
} from '../algorithm.ts';
import { plattFit, sigmoid } from '../calibration.ts';
import { expectedReturnFromProbability } from '../confidence.ts';
import { featureRows } from '../features.ts';
import { choleskySolve, gramWithIntercept, sseFromGram, symmetricEigen } from '../linalg.ts';
import { addGram, emptyGram, gramSource, type Gram, type GramSource } from './day-grams.ts';
import {
  directionTargets,
  holdoutSplit,
  meanAbsReturn,
  pooledMatrix,
  type PooledMatrix,
} from './pooled-data.ts';

/** w'[1, x] for each row of X. */
export function linearScores(X: Float64Array, n: number, p: number, w: Float64Array): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = w[0]!;
    for (let j = 0; j < p; j++) s += w[j + 1]! * X[i * p + j]!;
    out[i] = s;
  }
  return out;
}

/** Ridge solution of a Gram summary: (Z'Z + λ·diag(0,1,…,1)) w = Z'y. */
export function ridgeFromGram(gr: Gram, q: number, lambda: number): Float64Array {
  const A = gr.g.slice();
  for (let j = 1; j < q; j++) A[j * q + j]! += lambda;
  return choleskySolve(A, gr.c, q, 1e-12);
}

/**
 * A Gram summary of [1, x] against y centred: the feature means mx, the target mean my, C = Σ (x − mx)(x − mx)',
 * d = Σ (x − mx)(y − my) and Σ (y − my)² (sums, not means).
 */
function centredGram(gr: Gram, p: number) {
  const q = p + 1;
  const n = gr.g[0]!;
  const mx = new Float64Array(p);
  for (let j = 0; j < p; j++) mx[j] = gr.g[j + 1]! / n;
  const my = gr.c[0]! / n;
  const C = new Float64Array(p * p);
  const d = new Float64Array(p);
  for (let j = 0; j < p; j++) {
    d[j] = gr.c[j + 1]! - n * mx[j]! * my;
    for (let k = 0; k < p; k++) C[j * p + k] = gr.g[(j + 1) * q + k + 1]! - n * mx[j]! * mx[k]!;
  }
  return { n, mx, my, C, d, yyc: gr.yy - n * my * my };
}

/** [b₀, β…] of slopes β fitted on centred data: b₀ = my − mx'β. */
function uncentred(beta: Float64Array, mx: Float64Array, my: number): Float64Array {
  const w = new Float64Array(beta.length + 1);
  let b0 = my;
  for (let j = 0; j < beta.length; j++) {
    w[j + 1] = beta[j]!;
    b0 -= mx[j]! * beta[j]!;
  }
  w[0] = b0;
  return w;
}

/**
 * Elastic-net coordinate descent on a Gram summary (intercept unpenalised, columns centred inside):
 * minimises (1/2n)‖y − b₀ − Xβ‖² + λ(α‖β‖₁ + (1−α)/2‖β‖²). Warm-started from `init` (p coefficients).
 */
export function elasticNetFromGram(
  gr: Gram,
  p: number,
  lambda: number,
  alpha: number,
  init?: Float64Array,
): Float64Array {
  const { n, mx, my, C, d } = centredGram(gr, p);
  for (let k = 0; k < p * p; k++) C[k]! /= n;
  for (let j = 0; j < p; j++) d[j]! /= n;
  const beta = init ? init.slice() : new Float64Array(p);
  for (let sweep = 0; sweep < 500; sweep++) {
    let maxDelta = 0;
    for (let j = 0; j < p; j++) {
      let rho = d[j]!;
      for (let k = 0; k < p; k++) if (k !== j) rho -= C[j * p + k]! * beta[k]!;
      const thr = lambda * alpha;
      const num = rho > thr ? rho - thr : rho < -thr ? rho + thr : 0;
      const nb = num / (C[j * p + j]! + lambda * (1 - alpha) + 1e-12);
      maxDelta = Math.max(maxDelta, Math.abs(nb - beta[j]!));
      beta[j] = nb;
    }
    if (maxDelta < 1e-9) break;
  }
  return uncentred(beta, mx, my);
}

interface LinearSpec {
  id: string;
  name: string;
  type: string;
  description: string;
  /**
   * Returns [intercept, β…] on the standardised features. A solver of Gram summaries (`gram`) trains on every realised
   * row (`maxTrainRows: Infinity`, decision 0041) from per-day summaries (day-grams.ts, decision 0042); an iterative
   * solver (`rows`, a pass over the rows per iteration) keeps the walk-forward's row subsample.
   */
  solve: { gram: (s: GramSource) => Float64Array } | { rows: (m: PooledMatrix) => Float64Array };
}

function linearRegressor(spec: LinearSpec): Algorithm {
  const { solve } = spec;
  const algorithm: Algorithm = {
    id: spec.id,
    name: spec.name,
    type: spec.type,
    category: 'linear',
    description: spec.description,
    scope: 'pooled',
    output: 'regression',
    ...('gram' in solve ? { maxTrainRows: Infinity } : {}),
    fit(data: TrainingData): TrainedModel {
      const p = data.features.cols;
      const w =
        data.rows.length <= p + 1
          ? new Float64Array(p + 1)
          : 'gram' in solve
            ? solve.gram(gramSource(data, 'cross-sectional'))
            : solve.rows(pooledMatrix(data, 'cross-sectional'));
      return finishModel(algorithm, data, { coef: jsonNumbers(w) });
    },
    predict(model: TrainedModel, rowSet: RowSet): Prediction {
      const w = stateNumbers(model.state, 'coef');
      const fs = rowSet.features;
      const X = featureRows(fs, rowSet.rows);
      return { expectedReturn: linearScores(X, rowSet.rows.length, fs.cols, w), probabilityUp: null };
    },
    deserialize(serialized: unknown): TrainedModel {
      const m = deserializeModel(spec.id, serialized);
      stateNumbers(m.state, 'coef');
      return m;
    },
  };
  return algorithm;
}

/**
 * Penalty choice by purged, embargoed K-fold (m.folds, purgedKFold): for each fold, each candidate is fitted by
 * `solve(gram, c)` on the rows outside the fold's cut and scored by its SSE on the fold's rows; the candidate with the
 * least SSE summed over the folds is refitted on all rows. The Gram summaries come from one pass over the rows, cut
 * at every fold boundary (a summary per segment), so a fold's fitting summary is a sum of segments.
 */
function selectByPurgedKFold<P>(
  m: GramSource,
  candidatesOf: (full: Gram) => readonly P[],
  solve: (gr: Gram, param: P) => Float64Array,
): Float64Array {
  const q = m.p + 1;
  const cuts = [
    ...new Set([0, m.n, ...m.folds.flatMap((f) => [f.valFrom, f.valTo, f.cutFrom, f.cutTo])]),
  ].sort((a, b) => a - b);
  const segments = cuts
    .slice(0, -1)
    .map((from, i) => ({ from, to: cuts[i + 1]!, gram: m.gram(from, cuts[i + 1]!) }));
  const sumOf = (keep: (from: number, to: number) => boolean): Gram => {
    const total = emptyGram(q);
    for (const s of segments) if (keep(s.from, s.to)) addGram(total, s.gram);
    return total;
  };
  const full = sumOf(() => true);
  const candidates = candidatesOf(full);
  const sse = new Float64Array(candidates.length);
  let scored = 0;
  for (const fold of m.folds) {
    const fit = sumOf((from, to) => to <= fold.cutFrom || from >= fold.cutTo);
    if (fit.g[0]! <= q) continue;
    const val = sumOf((from, to) => from >= fold.valFrom && to <= fold.valTo);
    candidates.forEach((c, i) => (sse[i]! += sseFromGram(val.g, val.c, val.yy, solve(fit, c))));
    scored++;
  }
  let best = 0;
  if (scored > 0) for (let i = 1; i < candidates.length; i++) if (sse[i]! < sse[best]!) best = i;
  return solve(full, candidates[best]!);
}

/** Ordinary least squares: w = (Z'Z)⁻¹Z'y. */
export const ols = linearRegressor({
  id: 'ols',
  name: 'Ordinary Least Squares',
  type: 'Linear Regression',
  description: 'Pooled least-squares regression of the forward return on all standardised features.',
  solve: {
    gram: (m) => {
      const gr = m.gram(0, m.n);
      return choleskySolve(gr.g, gr.c, m.p + 1, 1e-12);
    },
  },
});

/** Ridge: w = (Z'Z + λI′)⁻¹Z'y, λ = κ·n with κ chosen by purged, embargoed K-fold (selectByPurgedKFold). */
export const ridge = linearRegressor({
  id: 'ridge',
  name: 'Ridge Regression',
  type: 'Ridge Regression',
  description:
    'Least squares with an L2 penalty; penalty strength chosen by purged, embargoed cross-validation on the training rows.',
  solve: {
    gram: (m) =>
      selectByPurgedKFold(
        m,
        () => [1e-4, 1e-3, 1e-2, 0.1, 1, 10],
        (gr, k) => ridgeFromGram(gr, m.p + 1, k * gr.g[0]!),
      ),
  },
});

/**
 * Elastic-net path over mixing parameters `alphas` × λ fractions of each α's λ_max (the smallest λ that zeroes every
 * coefficient), the pair chosen together by purged, embargoed K-fold (selectByPurgedKFold), the best refitted on all rows.
 * With α = 1 this is the lasso; an α well below 1 makes λ_max large enough for the L2 term to matter.
 */
function enetPath(m: GramSource, alphas: readonly number[]): Float64Array {
  const fractions = [0.5, 0.25, 0.1, 0.05, 0.025, 0.01, 0.005, 0.001];
  // λ_max from the summary of all rows, which the K-fold builds anyway.
  const pairsOf = (full: Gram) => {
    const n = full.g[0]!;
    let corrMax = 0;
    for (let j = 0; j < m.p; j++) {
      const mx = full.g[j + 1]! / n;
      corrMax = Math.max(corrMax, Math.abs(full.c[j + 1]! - n * mx * (full.c[0]! / n)) / n);
    }
    return alphas.flatMap((alpha) => fractions.map((f) => ({ alpha, lambda: (f * corrMax) / alpha })));
  };
  let warm: Float64Array | undefined;
  let warmAlpha = NaN;
  return selectByPurgedKFold(m, pairsOf, (gr, { alpha, lambda }) => {
    const w = elasticNetFromGram(gr, m.p, lambda, alpha, warmAlpha === alpha ? warm : undefined);
    warm = w.subarray(1);
    warmAlpha = alpha;
    return w;
  });
}

/** Lasso: min (1/2n)‖y − Zw‖² + λ‖β‖₁ by coordinate descent; λ on a path, chosen by purged, embargoed K-fold. */
export const lasso = linearRegressor({
  id: 'lasso',
  name: 'Lasso Regression',
  type: 'Lasso Regression',
  description:
    'Least squares with an L1 penalty (coordinate descent), which sets weak features to exactly zero.',
  solve: { gram: (m) => enetPath(m, [1]) },
});

/** Mixing parameters the elastic net chooses from (α = 1 is the lasso, small α is close to ridge). */
export const ELASTIC_NET_ALPHAS = [0.05, 0.2, 0.5, 0.8] as const;

/**
 * Elastic net: min (1/2n)‖y − Zw‖² + λ(α‖β‖₁ + (1 − α)/2‖β‖²) by coordinate descent, with α ∈ ELASTIC_NET_ALPHAS and λ
 * chosen together by purged, embargoed K-fold.
 */
export const elasticNet = linearRegressor({
  id: 'elastic-net',
  name: 'Elastic Net',
  type: 'Elastic Net',
  description:
    'L1 and L2 penalties mixed (coordinate descent); the mix and the strength chosen by purged, embargoed cross-validation.',
  solve: { gram: (m) => enetPath(m, ELASTIC_NET_ALPHAS) },
});

/**
 * Bayesian ridge (MacKay evidence maximisation): β ~ N(0, λ⁻¹I), noise precision α; iterate
 * m = (C + (λ/α)I)⁻¹d, γ = Σ αsᵢ/(λ + αsᵢ), λ = γ/‖m‖², α = (n − γ)/SSE on centred data.
 */
export const bayesianRidge = linearRegressor({
  id: 'bayesian-ridge',
  name: 'Bayesian Ridge',
  type: 'Bayesian Regression',
  description:
    'Ridge regression whose penalty and noise level are set by maximising the marginal likelihood (evidence).',
  solve: { gram: (m) => bayesianRidgeFromGram(m.gram(0, m.n), m.p) },
});

/** Bayesian ridge's evidence maximisation on a Gram summary of p features. */
function bayesianRidgeFromGram(gr: Gram, p: number): Float64Array {
  const { n, mx, my, C, d, yyc } = centredGram(gr, p);
  const { values: s, vectors: V } = symmetricEigen(C, p);
  // d in the eigenbasis.
  const dv = new Float64Array(p);
  for (let i = 0; i < p; i++) {
    let t = 0;
    for (let k = 0; k < p; k++) t += V[k * p + i]! * d[k]!;
    dv[i] = t;
  }
  let alpha = 1 / Math.max(yyc / n, 1e-12);
  let lambda = 1;
  const beta = new Float64Array(p);
  for (let it = 0; it < 300; it++) {
    const mv = Float64Array.from(dv, (v, i) => v / (Math.max(s[i]!, 0) + lambda / alpha));
    for (let k = 0; k < p; k++) {
      let t = 0;
      for (let i = 0; i < p; i++) t += V[k * p + i]! * mv[i]!;
      beta[k] = t;
    }
    let gamma = 0;
    for (let i = 0; i < p; i++) gamma += (alpha * Math.max(s[i]!, 0)) / (lambda + alpha * Math.max(s[i]!, 0));
    let norm2 = 0;
    for (const v of mv) norm2 += v * v;
    const sse = sseFromGram(C, d, yyc, beta);
    const newLambda = (gamma + 2e-6) / (norm2 + 2e-6);
    const newAlpha = (n - gamma + 2e-6) / (Math.max(sse, 1e-300) + 2e-6);
    const done = Math.abs(newLambda - lambda) / lambda < 1e-7 && Math.abs(newAlpha - alpha) / alpha < 1e-7;
    lambda = newLambda;
    alpha = newAlpha;
    if (done) break;
  }
  return uncentred(beta, mx, my);
}

/** Median by quickselect (does not modify `v`). */
function medianOf(v: Float64Array): number {
  const a = v.slice();
  const k = a.length >> 1;
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k] ?? 0;
}

/** Huber regression by IRLS: weights min(1, δ/|rᵢ|) with δ = 1.345·σ̂ and σ̂ = 1.4826·MAD of the residuals. */
export const huber = linearRegressor({
  id: 'huber',
  name: 'Huber Regression',
  type: 'Robust Regression',
  description:
    'Robust linear regression with the Huber loss (iteratively reweighted least squares), insensitive to outlier days.',
  solve: {
    rows: (m) => {
      const q = m.p + 1;
      // Σ w·zz' = Σ zz' − Σ (1 − w)·zz': a reweighting sums only the rows it down-weights (the outliers).
      const full = gramWithIntercept(m.X, m.n, m.p, m.y);
      let w = choleskySolve(full.g, full.c, q, 1e-12);
      const down = new Float64Array(m.n);
      const absRes = new Float64Array(m.n);
      for (let it = 0; it < 15; it++) {
        const pred = linearScores(m.X, m.n, m.p, w);
        for (let i = 0; i < m.n; i++) absRes[i] = Math.abs(m.y[i]! - pred[i]!);
        const mad = medianOf(absRes);
        const delta = 1.345 * Math.max(1.4826 * mad, 1e-12);
        for (let i = 0; i < m.n; i++) down[i] = absRes[i]! <= delta ? 0 : 1 - delta / absRes[i]!;
        const out = gramWithIntercept(m.X, m.n, m.p, m.y, down);
        const next = choleskySolve(
          full.g.map((v, k) => v - out.g[k]!),
          full.c.map((v, k) => v - out.c[k]!),
          q,
          1e-12,
        );
        let change = 0;
        for (let j = 0; j < q; j++) change = Math.max(change, Math.abs(next[j]! - w[j]!));
        w = next;
        // Returns are ~1e-2, so a coefficient change below 1e-7 is far under any effect on a prediction.
        if (change < 1e-7) break;
      }
      return w;
    },
  },
});

/** L2-regularised logistic regression by Newton–IRLS: min Σ log-loss + (λ/2)‖β‖², λ = 1 on standardised features. */
export function logisticFit(
  X: Float64Array,
  n: number,
  p: number,
  y: Float64Array,
  lambda = 1,
  init?: Float64Array,
): Float64Array {
  const q = p + 1;
  const w = init ? init.slice() : new Float64Array(q);
  let pos = 0;
  for (let i = 0; i < n; i++) pos += y[i]!;
  if (!init) w[0] = Math.log((pos + 1) / (n - pos + 1));
  const weight = new Float64Array(n);
  for (let it = 0; it < 25; it++) {
    // Gradient Σ (p − y)·z, and the Hessian Σ p(1 − p)·z z' as a weighted Gram matrix.
    const g = new Float64Array(q);
    for (let i = 0; i < n; i++) {
      let s = w[0]!;
      for (let j = 0; j < p; j++) s += w[j + 1]! * X[i * p + j]!;
      const pr = sigmoid(s);
      const r = pr - y[i]!;
      weight[i] = Math.max(pr * (1 - pr), 1e-10);
      g[0]! += r;
      for (let j = 0; j < p; j++) g[j + 1]! += r * X[i * p + j]!;
    }
    const H = gramWithIntercept(X, n, p, y, weight).g;
    for (let j = 1; j < q; j++) {
      g[j]! += lambda * w[j]!;
      H[j * q + j]! += lambda;
    }
    const step = choleskySolve(H, g, q, 1e-12);
    let change = 0;
    for (let j = 0; j < q; j++) {
      w[j]! -= step[j]!;
      change = Math.max(change, Math.abs(step[j]!));
    }
    // Newton converges quadratically; a step below 1e-6 on standardised features is converged.
    if (change < 1e-6) break;
  }
  return w;
}

/**
 * Two-class linear discriminant analysis on a Gram summary of [1, x] against the 0/1 direction: w = Σ⁻¹(μ₁ − μ₀) with
 * the pooled within-class covariance Σ = (Σ xx' − n₁μ₁μ₁' − n₀μ₀μ₀')/(n − 2) (shrunk by 1e-3 of its mean variance),
 * w₀ = −½w'(μ₁ + μ₀) + log(π₁/π₀); the score w₀ + w'x is the log-odds under equal covariances.
 */
export function ldaFromGram(gr: Gram, p: number): Float64Array {
  const q = p + 1;
  const n = gr.g[0]!;
  const n1 = gr.c[0]!;
  const n0 = n - n1;
  const w = new Float64Array(q);
  if (n0 <= 0 || n1 <= 0) {
    w[0] = Math.log((n1 + 1) / (n0 + 1));
    return w;
  }
  const mu1 = new Float64Array(p);
  const mu0 = new Float64Array(p);
  for (let j = 0; j < p; j++) {
    mu1[j] = gr.c[j + 1]! / n1;
    mu0[j] = (gr.g[j + 1]! - gr.c[j + 1]!) / n0;
  }
  const S = new Float64Array(p * p);
  let tr = 0;
  for (let a = 0; a < p; a++) {
    for (let b = 0; b < p; b++)
      S[a * p + b] = gr.g[(a + 1) * q + b + 1]! - n1 * mu1[a]! * mu1[b]! - n0 * mu0[a]! * mu0[b]!;
    tr += S[a * p + a]!;
  }
  const shrink = (1e-3 * tr) / p;
  for (let a = 0; a < p; a++) S[a * p + a]! += shrink;
  for (let k = 0; k < p * p; k++) S[k] = S[k]! / (n - 2);
  const diff = Float64Array.from(mu1, (v, j) => v - mu0[j]!);
  const beta = choleskySolve(S, diff, p, 1e-12);
  let mid = 0;
  for (let j = 0; j < p; j++) {
    w[j + 1] = beta[j]!;
    mid += beta[j]! * (mu1[j]! + mu0[j]!);
  }
  w[0] = -0.5 * mid + Math.log(n1 / n0);
  return w;
}

interface ClassifierSpec {
  id: string;
  name: string;
  type: string;
  description: string;
  /**
   * Returns [w₀, w…] of a linear score on standardised features: from the rows (an iterative fit: the walk-forward's
   * row subsample), or from a Gram summary against the direction (every realised row, from per-day summaries).
   */
  solve:
    | { rows: (X: Float64Array, n: number, p: number, y: Float64Array, init?: Float64Array) => Float64Array }
    | { gram: (gr: Gram, p: number) => Float64Array };
}

/**
 * Linear classifier with Platt calibration: the score model is fitted on the earlier 80 % of the training rows, Platt
 * scaling on its scores for the latest 20 %, then the score model is refitted on all rows and the scaling kept.
 */
function linearClassifier(spec: ClassifierSpec): Algorithm {
  const { solve } = spec;
  /** The score model on the training rows [0, end), and the scores and labels of the holdout rows [split, n). */
  const scoreModel = (
    data: TrainingData,
  ): {
    n: number;
    p: number;
    split: number;
    trainEnd: number;
    fit(end: number, init?: Float64Array): Float64Array;
    holdout(): { X: Float64Array; y: Float64Array };
  } => {
    if ('gram' in solve) {
      const src = gramSource(data, 'direction');
      const { split, trainEnd } = holdoutSplit(data);
      return {
        n: src.n,
        p: src.p,
        split,
        trainEnd,
        fit: (end) => solve.gram(src.gram(0, end), src.p),
        holdout: () => ({
          X: featureRows(data.features, data.rows.subarray(split)),
          y: directionTargets({ ...data, rows: data.rows.subarray(split) }),
        }),
      };
    }
    const m = pooledMatrix(data, 'direction');
    return {
      ...m,
      fit: (end, init) => solve.rows(m.X.subarray(0, end * m.p), end, m.p, m.y.subarray(0, end), init),
      holdout: () => ({ X: m.X.subarray(m.split * m.p), y: m.y.subarray(m.split) }),
    };
  };
  const algorithm: Algorithm = {
    id: spec.id,
    name: spec.name,
    type: spec.type,
    category: 'linear',
    description: spec.description,
    scope: 'pooled',
    output: 'classification',
    ...('gram' in solve ? { maxTrainRows: Infinity } : {}),
    fit(data: TrainingData): TrainedModel {
      const m = scoreModel(data);
      let platt = { a: 1, b: 0 };
      let wA: Float64Array | undefined;
      if (m.trainEnd > m.p + 1 && m.n - m.split >= 20) {
        wA = m.fit(m.trainEnd);
        const h = m.holdout();
        platt = plattFit(linearScores(h.X, m.n - m.split, m.p, wA), h.y);
      }
      const w = m.n > 0 ? m.fit(m.n, wA) : new Float64Array(m.p + 1);
      const state: JsonValue = {
        coef: jsonNumbers(w),
        plattA: platt.a,
        plattB: platt.b,
        meanAbsReturn: meanAbsReturn(data),
      };
      return finishModel(algorithm, data, state);
    },
    predict(model: TrainedModel, rowSet: RowSet): Prediction {
      const w = stateNumbers(model.state, 'coef');
      const a = stateNumber(model.state, 'plattA');
      const b = stateNumber(model.state, 'plattB');
      const mar = stateNumber(model.state, 'meanAbsReturn');
      const fs = rowSet.features;
      const n = rowSet.rows.length;
      const scores = linearScores(featureRows(fs, rowSet.rows), n, fs.cols, w);
      const probabilityUp = Float64Array.from(scores, (s) => sigmoid(a * s + b));
      return {
        expectedReturn: Float64Array.from(probabilityUp, (pr) => expectedReturnFromProbability(pr, mar)),
        probabilityUp,
      };
    },
    deserialize(serialized: unknown): TrainedModel {
      const m = deserializeModel(spec.id, serialized);
      stateNumbers(m.state, 'coef');
      stateNumber(m.state, 'plattA');
      return m;
    },
  };
  return algorithm;
}

export const logistic = linearClassifier({
  id: 'logistic-regression',
  name: 'Logistic Regression',
  type: 'Logistic Regression',
  description:
    'Pooled L2-regularised logistic regression of the next move’s direction, Platt-calibrated on recent rows.',
  solve: { rows: (X, n, p, y, init) => logisticFit(X, n, p, y, 1, init) },
});

export const lda = linearClassifier({
  id: 'lda',
  name: 'Linear Discriminant Analysis',
  type: 'Discriminant Analysis',
  description:
    'Fisher’s linear discriminant between up and down days with a shared covariance, Platt-calibrated.',
  solve: { gram: ldaFromGram },
});

export const LINEAR_ALGORITHMS: readonly Algorithm[] = [
  ols,
  ridge,
  lasso,
  elasticNet,
  bayesianRidge,
  huber,
  logistic,
  lda,
];
