/**
 * Black–Litterman with absolute per-asset views (He & Litterman 1999 posterior; Idzorek's confidence → Ω mapping in
 * Walters' closed form, as PyPortfolioOpt implements it): Ω_kk = τ·(PΣP')_kk·(1 − c)/c, so c = 1 is a certain view
 * (the posterior equals it), c = 0.5 gives He–Litterman's Ω = diag(τPΣP'), and c → 0 ignores the view.
 * Units: covariance, prior and views must share one frequency (annual in this package's use).
 */
import { choleskyFactor, choleskySolveFactored } from '../linalg.ts';

export interface AbsoluteView {
  /** Asset position in the covariance / prior. */
  index: number;
  /** The view's expected return for that asset (same units as the prior). */
  expectedReturn: number;
  /** In [0, 1]: 1 = certain, 0 = ignored. */
  confidence: number;
}

export interface BlackLittermanInput {
  prior: number[];
  covariance: number[][];
  views: AbsoluteView[];
  /** Uncertainty of the prior relative to the covariance; default 0.05. */
  tau?: number;
}

export interface BlackLittermanPosterior {
  expectedReturns: number[];
  /** Σ + M, M = τΣ − τΣP'(PτΣP' + Ω)⁻¹PτΣ (the posterior uncertainty of the mean added to the return covariance). */
  covariance: number[][];
}

export const DEFAULT_BL_TAU = 0.05;

/** δ = market risk premium / market variance (e.g. XU100's annual excess return over its annual variance). */
export function impliedRiskAversion(marketPremium: number, marketVariance: number): number {
  if (!(marketVariance > 0)) throw new RangeError(`market variance must be positive, got ${marketVariance}`);
  return marketPremium / marketVariance;
}

/** Market-implied equilibrium excess returns π = δΣw (w = capitalisation weights, normalised to sum 1) + rf. */
export function blackLittermanPrior(
  covariance: number[][],
  marketWeights: number[],
  riskAversion: number,
  riskFreeRate = 0,
): number[] {
  const n = covariance.length;
  if (marketWeights.length !== n)
    throw new RangeError(`${marketWeights.length} market weights for ${n} assets`);
  const total = marketWeights.reduce((s, v) => s + v, 0);
  if (!(total > 0) || marketWeights.some((v) => !(v >= 0)))
    throw new RangeError('market weights must be non-negative with a positive sum');
  return covariance.map(
    (row) => riskAversion * row.reduce((s, v, j) => s + (v * marketWeights[j]!) / total, 0) + riskFreeRate,
  );
}

export function blackLittermanPosterior({
  prior,
  covariance,
  views,
  tau = DEFAULT_BL_TAU,
}: BlackLittermanInput): BlackLittermanPosterior {
  const n = prior.length;
  if (covariance.length !== n)
    throw new RangeError(`covariance is ${covariance.length} × …, prior has ${n} assets`);
  if (!(tau > 0)) throw new RangeError(`tau must be positive, got ${tau}`);
  const seen = new Set<number>();
  for (const v of views) {
    if (!Number.isInteger(v.index) || v.index < 0 || v.index >= n)
      throw new RangeError(`view index ${v.index} is outside 0..${n - 1}`);
    if (seen.has(v.index)) throw new RangeError(`two views on asset ${v.index}`);
    seen.add(v.index);
    if (!(v.confidence >= 0 && v.confidence <= 1))
      throw new RangeError(`view confidence ${v.confidence} not in [0, 1]`);
    if (!Number.isFinite(v.expectedReturn)) throw new RangeError(`view on asset ${v.index} is not finite`);
  }
  const active = views.filter((v) => v.confidence > 0);
  const k = active.length;
  const cov = (i: number, j: number): number => covariance[i]![j]!;
  if (k === 0)
    return {
      expectedReturns: prior.slice(),
      covariance: covariance.map((row, i) => row.map((v, j) => v + tau * cov(i, j))),
    };

  // M = PτΣP' + Ω (k × k); with absolute views PΣP' is the views' block of Σ.
  const m = new Float64Array(k * k);
  for (let a = 0; a < k; a++) {
    for (let b = 0; b < k; b++) m[a * k + b] = tau * cov(active[a]!.index, active[b]!.index);
    const c = active[a]!.confidence;
    m[a * k + a]! += (tau * cov(active[a]!.index, active[a]!.index) * (1 - c)) / c;
  }
  const L = choleskyFactor(m, k, 1e-14);
  if (!L) throw new RangeError('Black–Litterman: view covariance is not positive definite');
  const gap = Float64Array.from(active, (v) => v.expectedReturn - prior[v.index]!);
  const x = choleskySolveFactored(L, gap, k);
  // τΣP' is the views' columns of τΣ.
  const expectedReturns = prior.map(
    (p, i) => p + active.reduce((s, v, a) => s + tau * cov(i, v.index) * x[a]!, 0),
  );
  // M⁻¹ PτΣ column by column: Y (k × n).
  const y: Float64Array[] = [];
  for (let j = 0; j < n; j++)
    y.push(
      choleskySolveFactored(
        L,
        Float64Array.from(active, (v) => tau * cov(v.index, j)),
        k,
      ),
    );
  const posteriorCov = covariance.map((row, i) =>
    row.map(
      (v, j) => v + tau * v - active.reduce((s, view, a) => s + tau * cov(i, view.index) * y[j]![a]!, 0),
    ),
  );
  return { expectedReturns, covariance: posteriorCov };
}
