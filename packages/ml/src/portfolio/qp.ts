/**
 * Long-only, capped mean–variance QP on the simplex:
 *
 *   minimise ½ w'Qw − λ μ'w   subject to   Σ w = 1,   0 ≤ w_i ≤ cap.
 *
 * λ = 0 is the minimum-variance portfolio; as λ grows the solution walks the efficient frontier, piecewise affine in
 * λ (one piece per active set), up to the maximum-return corner. `solve(λ)` answers one λ by a primal active-set
 * method; `path()` traces every piece exactly (the critical line), which the optimiser uses. Q must be positive
 * definite (a Ledoit–Wolf covariance is).
 */
import { choleskyFactor, choleskySolveFactored, quadraticForm } from '../linalg.ts';

/** Bound status of each weight: 0 free, −1 held at 0, +1 held at the cap. */
export interface QpSolution {
  w: Float64Array;
  status: Int8Array;
  lambda: number;
}

const STEP_TOL = 1e-13;

/** One piece of the efficient path: for λ in [from, to], w(λ) = base + λ·slope with one fixed active set. */
export interface FrontierPiece {
  from: number;
  to: number;
  base: Float64Array;
  slope: Float64Array;
  status: Int8Array;
}

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

  /**
   * The whole efficient path for λ ≥ 0 (Markowitz's critical line): from the λ = 0 solution, each piece keeps one
   * active set, on which w(λ) = base + λ·slope exactly; it ends where a free weight reaches a bound or a held weight's
   * multiplier changes sign, and the set is updated there. The last piece runs to λ = ∞.
   */
  path(): FrontierPiece[] {
    const { Q, mu, cap, n } = this;
    const start = this.solve(0);
    const status = start.status.slice();
    const pieces: FrontierPiece[] = [];
    let lambda = 0;
    let justChanged = -1;
    const maxPieces = 20 * n + 100;
    while (pieces.length < maxPieces) {
      const free: number[] = [];
      for (let i = 0; i < n; i++) if (status[i] === 0) free.push(i);
      const f = free.length;
      const base = new Float64Array(n);
      const slope = new Float64Array(n);
      let held = 0;
      for (let i = 0; i < n; i++)
        if (status[i] !== 0) {
          base[i] = status[i] === 1 ? cap : 0;
          held += base[i]!;
        }
      let nu0 = 0;
      let nu1 = 0;
      if (f > 0) {
        const qff = new Float64Array(f * f);
        const rhs = new Float64Array(f);
        const muF = new Float64Array(f);
        for (let a = 0; a < f; a++) {
          const i = free[a]!;
          muF[a] = mu[i]!;
          for (let b = 0; b < f; b++) qff[a * f + b] = Q[i * n + free[b]!]!;
          let r = 0;
          for (let j = 0; j < n; j++) if (status[j] !== 0) r -= Q[i * n + j]! * base[j]!;
          rhs[a] = r;
        }
        const L = choleskyFactor(qff, f, 1e-14);
        if (!L) throw new RangeError('CappedSimplexQp: covariance is not positive definite');
        const u0 = choleskySolveFactored(L, rhs, f);
        const u1 = choleskySolveFactored(L, muF, f);
        const e = choleskySolveFactored(L, new Float64Array(f).fill(1), f);
        let s0 = 0;
        let s1 = 0;
        let se = 0;
        for (let a = 0; a < f; a++) {
          s0 += u0[a]!;
          s1 += u1[a]!;
          se += e[a]!;
        }
        nu0 = (1 - held - s0) / se;
        nu1 = -s1 / se;
        for (let a = 0; a < f; a++) {
          base[free[a]!] = u0[a]! + nu0 * e[a]!;
          slope[free[a]!] = u1[a]! + nu1 * e[a]!;
        }
      }
      // Next event after λ: a free weight reaching a bound, or a held weight's multiplier m = g − ν turning wrong.
      let next = Infinity;
      let who = -1;
      let becomes = 0;
      const consider = (at: number, i: number, to: number): void => {
        const t = Math.max(at, lambda);
        if (i === justChanged && t <= lambda * (1 + 1e-12) + 1e-15) return;
        if (t < next) {
          next = t;
          who = i;
          becomes = to;
        }
      };
      for (let i = 0; i < n; i++) {
        if (status[i] === 0) {
          const b = slope[i]!;
          if (b < -1e-15) consider(-base[i]! / b, i, -1);
          else if (b > 1e-15) consider((cap - base[i]!) / b, i, 1);
          continue;
        }
        let m0 = -nu0;
        let m1 = -mu[i]! - nu1;
        for (let j = 0; j < n; j++) {
          m0 += Q[i * n + j]! * base[j]!;
          m1 += Q[i * n + j]! * slope[j]!;
        }
        // At 0 the multiplier must stay ≥ 0, at the cap ≤ 0.
        const toward = status[i] === -1 ? m1 < -1e-15 : m1 > 1e-15;
        if (toward) consider(-m0 / m1, i, 0);
      }
      pieces.push({ from: lambda, to: next, base, slope, status: status.slice() });
      if (who < 0 || !Number.isFinite(next)) return pieces;
      status[who] = becomes;
      justChanged = who;
      lambda = next;
    }
    throw new RangeError(`CappedSimplexQp: the efficient path has more than ${maxPieces} pieces`);
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
