/**
 * Ledoit & Wolf (2004), "A well-conditioned estimator for large-dimensional covariance matrices": the sample covariance
 * shrunk toward the scaled identity μ·I (μ = mean sample variance) with the optimal intensity estimated from the data.
 * Same estimator as scikit-learn's `ledoit_wolf` and PyPortfolioOpt's default `CovarianceShrinkage.ledoit_wolf()`
 * (shrinkage target "constant_variance"): columns are centred, the sample covariance divides by T (not T − 1).
 */

export interface LedoitWolfResult {
  /** Shrunk covariance in the input's units (daily when fed daily returns), N × N. */
  covariance: number[][];
  /** Weight on the scaled-identity target, in [0, 1]. */
  shrinkage: number;
}

/** Rows = days, columns = assets (T × N, T ≥ 2, N ≥ 1, every value finite). */
export function ledoitWolf(logReturns: number[][]): LedoitWolfResult {
  const t = logReturns.length;
  const n = t > 0 ? logReturns[0]!.length : 0;
  if (t < 2 || n < 1) throw new RangeError(`ledoitWolf needs at least 2 rows and 1 column, got ${t} × ${n}`);
  const x = new Float64Array(t * n);
  const mean = new Float64Array(n);
  for (let i = 0; i < t; i++) {
    const row = logReturns[i]!;
    if (row.length !== n) throw new RangeError(`ledoitWolf row ${i} has ${row.length} values, expected ${n}`);
    for (let j = 0; j < n; j++) {
      const v = row[j]!;
      if (!Number.isFinite(v))
        throw new RangeError(`ledoitWolf value at row ${i}, column ${j} is not finite`);
      x[i * n + j] = v;
      mean[j]! += v / t;
    }
  }
  for (let i = 0; i < t; i++) for (let j = 0; j < n; j++) x[i * n + j]! -= mean[j]!;

  // S = X'X / T; β̂ sums the squared norms of the per-row outer products, Σ_t (Σ_j x_tj²)².
  const s = new Float64Array(n * n);
  let rowNormSq = 0;
  for (let i = 0; i < t; i++) {
    let r = 0;
    for (let a = 0; a < n; a++) {
      const xa = x[i * n + a]!;
      r += xa * xa;
      for (let b = a; b < n; b++) s[a * n + b]! += xa * x[i * n + b]!;
    }
    rowNormSq += r * r;
  }
  let trace = 0;
  let frob = 0;
  for (let a = 0; a < n; a++) {
    for (let b = a; b < n; b++) {
      const v = s[a * n + b]! / t;
      s[a * n + b] = v;
      s[b * n + a] = v;
      frob += a === b ? v * v : 2 * v * v;
    }
    trace += s[a * n + a]!;
  }
  const mu = trace / n;
  // d² = ‖S − μI‖²_F / N; b̄² = (1/(N·T))·(Σ_t ‖x_t‖⁴ / T − ‖S‖²_F), capped at d².
  const delta = (frob - 2 * mu * trace + n * mu * mu) / n;
  const beta = Math.min((rowNormSq / t - frob) / (n * t), delta);
  const shrinkage = beta <= 0 || delta <= 0 ? 0 : beta / delta;
  const covariance: number[][] = [];
  for (let a = 0; a < n; a++) {
    const row: number[] = [];
    for (let b = 0; b < n; b++) row.push((1 - shrinkage) * s[a * n + b]! + (a === b ? shrinkage * mu : 0));
    covariance.push(row);
  }
  return { covariance, shrinkage };
}
