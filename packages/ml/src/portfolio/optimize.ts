/**
 * Mean–variance portfolio optimisation (long-only, per-stock cap) on a Ledoit–Wolf covariance: maximum Sharpe ratio,
 * efficient return (minimum risk for a target return) and minimum volatility, with an optional volatility ceiling from
 * the investor's risk tolerance, the capped efficient frontier and each asset's share of portfolio variance.
 *
 * Units: inputs are daily log returns; the covariance is annualised ×252 (TRADING_DAYS_PER_YEAR) and the default
 * expected returns are the annualised historical mean (mean daily log return ×252). Every output is an annual fraction.
 */
import { OptimizationError } from './errors.ts';
import { ledoitWolf } from './ledoit-wolf.ts';
import { CappedSimplexQp, type FrontierPiece } from './qp.ts';

export const TRADING_DAYS_PER_YEAR = 252;
/** Fewest aligned daily returns the optimiser accepts (about three months); the spec's window is one year. */
export const MIN_OPTIMIZATION_DAYS = 60;
export const DEFAULT_MAX_WEIGHT = 0.3;
/** Spec §9: optimisation target return 0.15 a year. */
export const DEFAULT_TARGET_RETURN = 0.15;
export const FRONTIER_POINTS = 20;

/** Annual volatility ceilings per risk tolerance (decision 'portfolio-optimisation'); spec default is medium. */
export const riskTolerancePolicy = { low: 0.15, medium: 0.25, high: 0.4 } as const;
export type RiskTolerance = keyof typeof riskTolerancePolicy;

export type OptimizeMethod = 'max_sharpe' | 'efficient_return' | 'min_volatility';

export interface OptimizeInput {
  symbols: string[];
  /** T × N daily log returns, aligned, no gaps (the caller aligns). */
  logReturns: number[][];
  method: OptimizeMethod;
  /** Annual fraction, for efficient_return (default 0.15). */
  targetReturn?: number;
  /** Per-stock cap, default 0.30; long-only. */
  maxWeight?: number;
  /** Annual fraction, default 0. */
  riskFreeRate?: number;
  /** Annual volatility ceiling (e.g. riskTolerancePolicy.medium); null or absent = none. */
  volatilityCeiling?: number | null;
  /** Annual expected returns (e.g. a Black–Litterman posterior); default the annualised historical mean. */
  expectedReturns?: number[];
}

export interface FrontierPoint {
  risk: number;
  return: number;
}

export interface OptimizeResult {
  /** Same order as symbols; sum 1 (±1e-9), each in [0, maxWeight]. */
  weights: number[];
  expectedReturn: number;
  expectedRisk: number;
  sharpeRatio: number;
  /** Each asset's fraction of portfolio variance, w_i (Σw)_i / w'Σw; sums to 1. */
  riskContributions: number[];
  /** FRONTIER_POINTS points from the minimum-volatility portfolio to the maximum return under the caps. */
  frontier: FrontierPoint[];
  /** Ledoit–Wolf shrinkage intensity of the covariance used. */
  shrinkage: number;
}

export function optimizePortfolio(input: OptimizeInput): OptimizeResult {
  const n = input.symbols.length;
  if (n < 2) throw new OptimizationError('too_few_assets', `at least 2 symbols are needed, got ${n}`);
  const cap = input.maxWeight ?? DEFAULT_MAX_WEIGHT;
  if (!(cap > 0 && cap <= 1)) throw new RangeError(`maxWeight must be in (0, 1], got ${cap}`);
  if (n * cap < 1 - 1e-12)
    throw new OptimizationError(
      'infeasible_caps',
      `${n} symbols with at most ${fmtPct(cap)} each cannot be fully invested (need at least ${Math.ceil(1 / cap - 1e-9)} symbols)`,
    );
  const t = input.logReturns.length;
  if (t < MIN_OPTIMIZATION_DAYS)
    throw new OptimizationError(
      'insufficient_history',
      `${t} days of aligned returns; at least ${MIN_OPTIMIZATION_DAYS} are needed`,
    );
  input.logReturns.forEach((row, i) => {
    if (row.length !== n) throw new RangeError(`logReturns row ${i} has ${row.length} values, expected ${n}`);
    if (!row.every(Number.isFinite))
      throw new OptimizationError(
        'insufficient_history',
        `the returns of day ${i + 1} have a gap (non-finite value)`,
      );
  });
  const rf = input.riskFreeRate ?? 0;
  const ceiling = input.volatilityCeiling ?? null;
  if (!Number.isFinite(rf)) throw new RangeError(`riskFreeRate must be finite, got ${rf}`);
  if (ceiling !== null && !(ceiling > 0))
    throw new RangeError(`volatilityCeiling must be positive, got ${ceiling}`);
  if (input.targetReturn !== undefined && !Number.isFinite(input.targetReturn))
    throw new RangeError(`targetReturn must be finite, got ${input.targetReturn}`);

  const lw = ledoitWolf(input.logReturns);
  const Q = new Float64Array(n * n);
  for (let a = 0; a < n; a++)
    for (let b = 0; b < n; b++) Q[a * n + b] = lw.covariance[a]![b]! * TRADING_DAYS_PER_YEAR;
  const mu = new Float64Array(n);
  if (input.expectedReturns) {
    if (input.expectedReturns.length !== n || !input.expectedReturns.every(Number.isFinite))
      throw new RangeError(`expectedReturns must hold ${n} finite values`);
    mu.set(input.expectedReturns);
  } else {
    for (const row of input.logReturns)
      for (let j = 0; j < n; j++) mu[j]! += (row[j]! / t) * TRADING_DAYS_PER_YEAR;
  }

  const frontier = new EfficientFrontier(new CappedSimplexQp(Q, mu, cap, n));
  const minVol = frontier.bottom();
  const minRisk = frontier.risk(minVol);
  if (ceiling !== null && minRisk > ceiling + 1e-12)
    throw new OptimizationError(
      'target_unreachable',
      `the least volatile portfolio under the caps has ${fmtPct(minRisk)} annual volatility, above the ${fmtPct(ceiling)} ceiling`,
    );

  let chosen: Float64Array;
  if (input.method === 'min_volatility') chosen = minVol;
  else if (input.method === 'efficient_return') {
    const target = input.targetReturn ?? DEFAULT_TARGET_RETURN;
    const maxRet = frontier.qp.maxReturn();
    if (target > maxRet + 1e-12 * Math.max(1, Math.abs(maxRet)))
      throw new OptimizationError(
        'target_unreachable',
        `target return ${fmtPct(target)} is above the ${fmtPct(maxRet)} a year the best capped portfolio is expected to earn`,
      );
    chosen = frontier.forReturn(target);
    const risk = frontier.risk(chosen);
    if (ceiling !== null && risk > ceiling + 1e-12)
      throw new OptimizationError(
        'target_unreachable',
        `target return ${fmtPct(target)} needs ${fmtPct(risk)} annual volatility, above the ${fmtPct(ceiling)} ceiling`,
      );
  } else {
    const maxRet = frontier.qp.maxReturn();
    if (!(maxRet > rf))
      throw new OptimizationError(
        'target_unreachable',
        `no capped portfolio is expected to beat the risk-free rate ${fmtPct(rf)} (best ${fmtPct(maxRet)}), so the Sharpe ratio cannot be maximised`,
      );
    chosen = frontier.maxSharpe(rf);
    if (ceiling !== null && frontier.risk(chosen) > ceiling) chosen = frontier.forRisk(ceiling);
  }

  const weights = Array.from(chosen, (v) => Math.min(cap, Math.max(0, v)));
  const expectedReturn = frontier.qp.returnOf(weights);
  const variance = frontier.qp.varianceOf(weights);
  const expectedRisk = Math.sqrt(variance);
  return {
    weights,
    expectedReturn,
    expectedRisk,
    sharpeRatio: expectedRisk > 0 ? (expectedReturn - rf) / expectedRisk : 0,
    riskContributions: riskContributions(Q, weights, n),
    frontier: frontier.points(FRONTIER_POINTS),
    shrinkage: lw.shrinkage,
  };
}

/** w_i (Σw)_i / w'Σw: each asset's fraction of the portfolio variance (sums to 1; Euler allocation). */
function riskContributions(covariance: Float64Array, weights: ArrayLike<number>, n: number): number[] {
  const out: number[] = [];
  let total = 0;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += covariance[i * n + j]! * weights[j]!;
    out.push(weights[i]! * s);
    total += weights[i]! * s;
  }
  return total > 0 ? out.map((v) => v / total) : out.map(() => 0);
}

/** Return and variance of one path piece as functions of λ: r = r0 + λr1, σ² = v0 + 2λv1 + λ²v2. */
interface PieceMoments {
  piece: FrontierPiece;
  r0: number;
  r1: number;
  v0: number;
  v1: number;
  v2: number;
}

/**
 * The capped efficient frontier from its exact critical-line path (CappedSimplexQp.path): every question — a target
 * return, a volatility, the maximum Sharpe ratio — is answered in closed form on the piece that contains it.
 */
class EfficientFrontier {
  private readonly pieces: PieceMoments[];

  constructor(readonly qp: CappedSimplexQp) {
    const { Q, mu, n } = qp;
    this.pieces = qp.path().map((piece) => {
      let r0 = 0;
      let r1 = 0;
      let v0 = 0;
      let v1 = 0;
      let v2 = 0;
      for (let i = 0; i < n; i++) {
        const a = piece.base[i]!;
        const b = piece.slope[i]!;
        r0 += mu[i]! * a;
        r1 += mu[i]! * b;
        for (let j = 0; j < n; j++) {
          const q = Q[i * n + j]!;
          v0 += a * q * piece.base[j]!;
          v1 += a * q * piece.slope[j]!;
          v2 += b * q * piece.slope[j]!;
        }
      }
      return { piece, r0, r1, v0, v1, v2 };
    });
  }

  private at(m: PieceMoments, lambda: number): Float64Array {
    // The last piece runs to λ = ∞ with a zero slope: its weights are its base.
    if (!Number.isFinite(lambda)) return m.piece.base.slice();
    return m.piece.base.map((b, i) => b + lambda * m.piece.slope[i]!);
  }

  ret(w: ArrayLike<number>): number {
    return this.qp.returnOf(w);
  }

  risk(w: ArrayLike<number>): number {
    return Math.sqrt(this.qp.varianceOf(w));
  }

  /** The minimum-volatility portfolio (λ = 0). */
  bottom(): Float64Array {
    return this.at(this.pieces[0]!, 0);
  }

  /** The end of the path: the maximum return under the caps. */
  top(): Float64Array {
    return this.at(this.pieces[this.pieces.length - 1]!, Infinity);
  }

  /** Minimum-risk portfolio earning at least `target` (the min-volatility portfolio when it already does). */
  forReturn(target: number): Float64Array {
    for (const m of this.pieces) {
      const end = Number.isFinite(m.piece.to) ? m.r0 + m.r1 * m.piece.to : Infinity;
      if (target > end) continue;
      const lambda = m.r1 > 0 ? (target - m.r0) / m.r1 : m.piece.from;
      return this.at(m, Math.min(Math.max(lambda, m.piece.from), m.piece.to));
    }
    return this.top();
  }

  /** The frontier portfolio with annual volatility `ceiling` (caller checks min risk ≤ ceiling ≤ current risk). */
  forRisk(ceiling: number): Float64Array {
    const c2 = ceiling * ceiling;
    for (const m of this.pieces) {
      const { from, to } = m.piece;
      const end = Number.isFinite(to) ? m.v0 + 2 * m.v1 * to + m.v2 * to * to : Infinity;
      if (c2 > end) continue;
      // v2·λ² + 2v1·λ + (v0 − c²) = 0, the larger root (variance rises with λ on the efficient side).
      let lambda: number;
      if (m.v2 > 1e-300) {
        const disc = Math.max(0, m.v1 * m.v1 - m.v2 * (m.v0 - c2));
        lambda = (-m.v1 + Math.sqrt(disc)) / m.v2;
      } else lambda = m.v1 > 0 ? (c2 - m.v0) / (2 * m.v1) : from;
      return this.at(m, Math.min(Math.max(lambda, from), to));
    }
    return this.top();
  }

  /**
   * Maximum Sharpe ratio: on each piece (m0 + λm1)/√(v0 + 2λv1 + λ²v2) with m = r − rf peaks at
   * λ* = (m1 v0 − m0 v1)/(m0 v2 − m1 v1); the best of every piece's ends and interior peak.
   */
  maxSharpe(rf: number): Float64Array {
    let best = this.bottom();
    let bestSharpe = -Infinity;
    const tryAt = (m: PieceMoments, lambda: number): void => {
      const w = this.at(m, lambda);
      const risk = this.risk(w);
      const sharpe = risk > 0 ? (this.ret(w) - rf) / risk : -Infinity;
      if (sharpe > bestSharpe) {
        bestSharpe = sharpe;
        best = w;
      }
    };
    for (const m of this.pieces) {
      const { from, to } = m.piece;
      tryAt(m, from);
      if (!Number.isFinite(to)) continue;
      tryAt(m, to);
      const m0 = m.r0 - rf;
      const lambda = (m.r1 * m.v0 - m0 * m.v1) / (m0 * m.v2 - m.r1 * m.v1);
      if (lambda > from && lambda < to) tryAt(m, lambda);
    }
    return best;
  }

  /** `count` points evenly spaced in return from the min-volatility portfolio to the capped maximum return. */
  points(count: number): FrontierPoint[] {
    const r0 = this.ret(this.bottom());
    const r1 = Math.max(r0, this.ret(this.top()));
    const out: FrontierPoint[] = [];
    for (let k = 0; k < count; k++) {
      const w = this.forReturn(r0 + ((r1 - r0) * k) / (count - 1));
      out.push({ risk: this.risk(w), return: this.ret(w) });
    }
    return out;
  }
}

function fmtPct(v: number): string {
  return `${(v * 100).toFixed(2)} %`;
}
