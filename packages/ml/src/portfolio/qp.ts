/**
 * Long-only, capped mean–variance QP on the simplex, solved exactly by a primal active-set method:
 *
 *   minimise ½ w'Qw − λ μ'w   subject to   Σ w = 1,   0 ≤ w_i ≤ cap.
 *
 * λ = 0 is the minimum-variance portfolio; as λ grows the solution walks the efficient frontier (piecewise affine in λ,
 * one piece per active set) up to the maximum-return corner. Q must be positive definite (a Ledoit–Wolf covariance is).
 */
import { choleskyFactor, choleskySolveFactored, quadraticForm } from '../linalg.ts';

/** Bound status of each weight: 0 free, −1 held at 0, +1 held at the cap. */
export interface QpSolution {
  w: Float64Array;
  status: Int8Array;
  lambda: number;
}

const STEP_TOL = 1e-13;

export class CappedSimplexQp {
  private last: QpSolution | null = null;

  constructor(
    readonly Q: Float64Array,
    readonly mu: Float64Array,
    readonly cap: number,
    readonly n: number,
  ) {}

  /** Solves for one λ, warm-started from the previous solution (any earlier solution is feasible). */
  solve(lambda: number): QpSolution {
    const { Q, mu, cap, n } = this;
    const w = this.last ? this.last.w.slice() : new Float64Array(n).fill(1 / n);
    const status = this.last ? this.last.status.slice() : new Int8Array(n);
    if (!this.last && 1 / n >= cap) {
      // n·cap = 1: the single feasible point, every weight at the cap.
      w.fill(cap);
      status.fill(1);
      return this.keep({ w, status, lambda });
    }
    const g = new Float64Array(n);
    const maxIter = 50 * n + 100;
    for (let iter = 0; iter < maxIter; iter++) {
      for (let i = 0; i < n; i++) {
        let s = -lambda * mu[i]!;
        for (let j = 0; j < n; j++) s += Q[i * n + j]! * w[j]!;
        g[i] = s;
      }
      const free: number[] = [];
      for (let i = 0; i < n; i++) if (status[i] === 0) free.push(i);
      const f = free.length;
      // Newton step on the free weights keeping Σ w = 1: Q_FF p = ν1 − g_F, 1'p = 0.
      const qff = new Float64Array(f * f);
      const gf = new Float64Array(f);
      for (let a = 0; a < f; a++) {
        gf[a] = g[free[a]!]!;
        for (let b = 0; b < f; b++) qff[a * f + b] = Q[free[a]! * n + free[b]!]!;
      }
      const L = choleskyFactor(qff, f, 1e-14);
      if (!L) throw new RangeError('CappedSimplexQp: covariance is not positive definite');
      const u = choleskySolveFactored(L, gf, f);
      const v = choleskySolveFactored(L, new Float64Array(f).fill(1), f);
      let su = 0;
      let sv = 0;
      for (let a = 0; a < f; a++) {
        su += u[a]!;
        sv += v[a]!;
      }
      const nu = su / sv;
      let pMax = 0;
      const p = new Float64Array(f);
      for (let a = 0; a < f; a++) {
        p[a] = nu * v[a]! - u[a]!;
        pMax = Math.max(pMax, Math.abs(p[a]!));
      }
      if (pMax <= STEP_TOL) {
        // Stationary on this working set: release the bound with the most negative multiplier, if any.
        let gScale = 0;
        for (let i = 0; i < n; i++) gScale = Math.max(gScale, Math.abs(g[i]!));
        let worst = -1;
        let worstValue = -1e-12 * Math.max(gScale, 1e-300);
        for (let i = 0; i < n; i++) {
          if (status[i] === 0) continue;
          const m = status[i] === -1 ? g[i]! - nu : nu - g[i]!;
          if (m < worstValue) {
            worstValue = m;
            worst = i;
          }
        }
        if (worst < 0) return this.keep(finish(w, status, lambda));
        status[worst] = 0;
        continue;
      }
      let alpha = 1;
      let block = -1;
      let blockStatus = 0;
      for (let a = 0; a < f; a++) {
        const i = free[a]!;
        const pa = p[a]!;
        if (pa < 0) {
          const t = w[i]! / -pa;
          if (t < alpha) {
            alpha = t;
            block = i;
            blockStatus = -1;
          }
        } else if (pa > 0) {
          const t = (cap - w[i]!) / pa;
          if (t < alpha) {
            alpha = t;
            block = i;
            blockStatus = 1;
          }
        }
      }
      for (let a = 0; a < f; a++) w[free[a]!]! += alpha * p[a]!;
      if (block >= 0) {
        w[block] = blockStatus === 1 ? cap : 0;
        status[block] = blockStatus;
      }
    }
    throw new RangeError(`CappedSimplexQp: no convergence in ${maxIter} active-set iterations`);
  }

  /** Annualised (same units as Q and μ) return and variance of a solution. */
  returnOf(w: ArrayLike<number>): number {
    let s = 0;
    for (let i = 0; i < this.n; i++) s += this.mu[i]! * w[i]!;
    return s;
  }

  varianceOf(w: ArrayLike<number>): number {
    return Math.max(0, quadraticForm(this.Q, w, this.n));
  }

  /** Highest return any long-only capped portfolio reaches: fill the best assets to the cap. */
  maxReturn(): number {
    const order = Array.from(this.mu.keys()).sort((a, b) => this.mu[b]! - this.mu[a]!);
    let left = 1;
    let r = 0;
    for (const i of order) {
      const take = Math.min(this.cap, left);
      r += take * this.mu[i]!;
      left -= take;
      if (left <= 0) break;
    }
    return r;
  }

  private keep(solution: QpSolution): QpSolution {
    this.last = solution;
    return { w: solution.w.slice(), status: solution.status.slice(), lambda: solution.lambda };
  }
}

/** Snaps held weights to their bounds and puts the rounding residue of Σ w = 1 on the free weights. */
function finish(w: Float64Array, status: Int8Array, lambda: number): QpSolution {
  let sum = 0;
  let nFree = 0;
  for (let i = 0; i < w.length; i++) {
    if (status[i] === -1) w[i] = 0;
    sum += w[i]!;
    if (status[i] === 0) nFree++;
  }
  if (nFree > 0) {
    const fix = (1 - sum) / nFree;
    for (let i = 0; i < w.length; i++) if (status[i] === 0) w[i]! += fix;
  }
  return { w, status, lambda };
}

/** True when two solutions hold the same weights at the same bounds (same affine piece of the frontier). */
export function sameActiveSet(a: QpSolution, b: QpSolution): boolean {
  for (let i = 0; i < a.status.length; i++) if (a.status[i] !== b.status[i]) return false;
  return true;
}
