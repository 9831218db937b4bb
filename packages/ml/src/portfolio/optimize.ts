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
import { CappedSimplexQp, sameActiveSet, type QpSolution } from './qp.ts';

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

  let chosen: QpSolution;
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

  const weights = Array.from(chosen.w, (v) => Math.min(cap, Math.max(0, v)));
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

/** The capped efficient frontier, walked through the QP's λ (return rises monotonically with λ). */
class EfficientFrontier {
  private lower: QpSolution | null = null;
  private upper: QpSolution | null = null;

  constructor(readonly qp: CappedSimplexQp) {}

  at(lambda: number): QpSolution {
    return this.qp.solve(lambda);
  }

  ret(s: QpSolution): number {
    return this.qp.returnOf(s.w);
  }

  risk(s: QpSolution): number {
    return Math.sqrt(this.qp.varianceOf(s.w));
  }

  /** The minimum-volatility portfolio (λ = 0), solved once. */
  bottom(): QpSolution {
    return (this.lower ??= this.at(0));
  }

  /** A λ whose solution already earns the maximum return under the caps (the frontier's top end). */
  top(): QpSolution {
    if (this.upper) return this.upper;
    const { Q, mu, n } = this.qp;
    let diag = 0;
    let muScale = 0;
    for (let i = 0; i < n; i++) {
      diag += Q[i * n + i]! / n;
      muScale = Math.max(muScale, Math.abs(mu[i]!));
    }
    const maxRet = this.qp.maxReturn();
    const tol = 1e-12 * Math.max(1, Math.abs(maxRet));
    let lambda = (1e-3 * diag) / Math.max(muScale, 1e-12);
    let s = this.at(lambda);
    for (let k = 0; k < 200 && this.ret(s) < maxRet - tol; k++) {
      lambda *= 2;
      s = this.at(lambda);
    }
    this.upper = s;
    return s;
  }

  /**
   * Minimum-risk portfolio earning at least `target` (the min-volatility portfolio when it already does). Bisection on
   * λ until both ends share an active set, then the exact λ on that affine piece.
   */
  forReturn(target: number, from?: QpSolution): QpSolution {
    return this.search((s) => this.ret(s), target, from);
  }

  /** The frontier portfolio with annual volatility `ceiling` (caller checks min risk ≤ ceiling ≤ current risk). */
  forRisk(ceiling: number): QpSolution {
    return this.search((s) => this.risk(s), ceiling);
  }

  /** `from`, when given, is a solution known to lie at or below the target (a tighter lower bracket). */
  private search(value: (s: QpSolution) => number, target: number, from?: QpSolution): QpSolution {
    let sLo = from && value(from) <= target ? from : this.bottom();
    if (value(sLo) >= target) return sLo;
    let sHi = this.top();
    if (value(sHi) <= target) return sHi;
    // Regula falsi with the Illinois modification (the value is monotone and piecewise affine or smooth in λ); exact
    // once both ends share an active set, bisection when the secant would leave the bracket.
    let fLo = value(sLo) - target;
    let fHi = value(sHi) - target;
    let side = 0;
    for (let k = 0; k < 200; k++) {
      const same = sameActiveSet(sLo, sHi);
      const gLo = same ? value(sLo) - target : fLo;
      const gHi = same ? value(sHi) - target : fHi;
      let lambda = (sLo.lambda * gHi - sHi.lambda * gLo) / (gHi - gLo);
      if (!(lambda > sLo.lambda && lambda < sHi.lambda)) lambda = (sLo.lambda + sHi.lambda) / 2;
      const s = this.at(lambda);
      const f = value(s) - target;
      if (
        Math.abs(f) <= 1e-13 * Math.max(1, Math.abs(target)) ||
        sHi.lambda - sLo.lambda <= 1e-15 * sHi.lambda
      )
        return s;
      if (f < 0) {
        sLo = s;
        fLo = f;
        if (side === -1) fHi /= 2;
        side = -1;
      } else {
        sHi = s;
        fHi = f;
        if (side === 1) fLo /= 2;
        side = 1;
      }
    }
    return sHi;
  }

  /**
   * Maximum Sharpe ratio: golden-section search on λ (the Sharpe ratio is quasi-concave along the frontier), then the
   * exact optimum on the winning affine piece w(λ) = a + λb, where (m0 + λm1)/√(v0 + 2λv1 + λ²v2) peaks at
   * λ* = (m1 v0 − m0 v1)/(m0 v2 − m1 v1).
   */
  maxSharpe(rf: number): QpSolution {
    const sharpe = (s: QpSolution): number => {
      const risk = this.risk(s);
      return risk > 0 ? (this.ret(s) - rf) / risk : -Infinity;
    };
    const top = this.top();
    let a = 0;
    let b = top.lambda;
    const phi = (Math.sqrt(5) - 1) / 2;
    let c = b - phi * (b - a);
    let d = a + phi * (b - a);
    let sc = this.at(c);
    let sd = this.at(d);
    let best = sharpe(sc) >= sharpe(sd) ? sc : sd;
    for (let k = 0; k < 100 && b - a > 1e-14 * top.lambda; k++) {
      if (sharpe(sc) >= sharpe(sd)) {
        b = d;
        d = c;
        sd = sc;
        c = b - phi * (b - a);
        sc = this.at(c);
      } else {
        a = c;
        c = d;
        sc = sd;
        d = a + phi * (b - a);
        sd = this.at(d);
      }
      for (const s of [sc, sd]) if (sharpe(s) > sharpe(best)) best = s;
    }
    for (const s of [this.bottom(), top]) if (sharpe(s) > sharpe(best)) best = s;
    return this.refineSharpe(best, rf, sharpe);
  }

  private refineSharpe(best: QpSolution, rf: number, sharpe: (s: QpSolution) => number): QpSolution {
    const { Q, mu, n } = this.qp;
    const h = Math.max(1e-9, 1e-6 * best.lambda);
    const s1 = this.at(best.lambda);
    let s2 = this.at(best.lambda + h);
    let step = h;
    if (!sameActiveSet(s1, s2) && best.lambda > h) {
      s2 = this.at(best.lambda - h);
      step = -h;
    }
    if (!sameActiveSet(s1, s2)) return best;
    const slope = new Float64Array(n);
    const base = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      slope[i] = (s2.w[i]! - s1.w[i]!) / step;
      base[i] = s1.w[i]! - best.lambda * slope[i]!;
    }
    let m0 = 0;
    let m1 = 0;
    let v0 = 0;
    let v1 = 0;
    let v2 = 0;
    for (let i = 0; i < n; i++) {
      m0 += (mu[i]! - rf) * base[i]!;
      m1 += (mu[i]! - rf) * slope[i]!;
      for (let j = 0; j < n; j++) {
        const q = Q[i * n + j]!;
        v0 += base[i]! * q * base[j]!;
        v1 += base[i]! * q * slope[j]!;
        v2 += slope[i]! * q * slope[j]!;
      }
    }
    const lambda = (m1 * v0 - m0 * v1) / (m0 * v2 - m1 * v1);
    if (!(Number.isFinite(lambda) && lambda >= 0)) return best;
    const s = this.at(lambda);
    return sharpe(s) >= sharpe(best) ? s : best;
  }

  /** `count` points evenly spaced in return from the min-volatility portfolio to the capped maximum return. */
  points(count: number): FrontierPoint[] {
    let previous = this.bottom();
    const r0 = this.ret(previous);
    const r1 = Math.max(r0, this.qp.maxReturn());
    const out: FrontierPoint[] = [];
    for (let k = 0; k < count; k++) {
      previous = this.forReturn(r0 + ((r1 - r0) * k) / (count - 1), previous);
      out.push({ risk: this.risk(previous), return: this.ret(previous) });
    }
    return out;
  }
}

function fmtPct(v: number): string {
  return `${(v * 100).toFixed(2)} %`;
}
