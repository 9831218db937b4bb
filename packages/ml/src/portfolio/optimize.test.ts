import { describe, expect, it } from 'vitest';
import { Rng } from '../random.ts';
import { OptimizationError } from './errors.ts';
import { ledoitWolf } from './ledoit-wolf.ts';
import {
  FRONTIER_POINTS,
  optimizePortfolio,
  riskTolerancePolicy,
  TRADING_DAYS_PER_YEAR,
  type OptimizeInput,
  type OptimizeResult,
} from './optimize.ts';

/** T × N daily log returns from a one-factor model: drift_j + β_j·market + idiosyncratic noise (seeded). */
function returns(t: number, n: number, seed: number): number[][] {
  const rng = new Rng(seed);
  const beta = Array.from({ length: n }, (_, j) => 0.5 + (j % 5) * 0.2);
  const drift = Array.from({ length: n }, (_, j) => ((j * 7) % 11) * 0.0002 - 0.0004);
  const idio = Array.from({ length: n }, (_, j) => 0.008 + (j % 4) * 0.004);
  return Array.from({ length: t }, () => {
    const m = 0.012 * rng.normal();
    return Array.from({ length: n }, (_, j) => drift[j]! + beta[j]! * m + idio[j]! * rng.normal());
  });
}

const symbols = (n: number): string[] => Array.from({ length: n }, (_, j) => `S${j}`);
const annualCov = (lr: number[][]): number[][] =>
  ledoitWolf(lr).covariance.map((row) => row.map((v) => v * TRADING_DAYS_PER_YEAR));
const portRisk = (cov: number[][], w: number[]): number =>
  Math.sqrt(w.reduce((s, wi, i) => s + wi * cov[i]!.reduce((t, c, j) => t + c * w[j]!, 0), 0));

function expectFeasible(r: OptimizeResult, cap: number): void {
  expect(Math.abs(r.weights.reduce((s, v) => s + v, 0) - 1)).toBeLessThanOrEqual(1e-9);
  for (const w of r.weights) {
    expect(w).toBeGreaterThanOrEqual(0);
    expect(w).toBeLessThanOrEqual(cap + 1e-12);
  }
  expect(r.riskContributions.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 12);
}

describe('optimizePortfolio', () => {
  it('max-Sharpe on two assets without caps equals the closed form w ∝ Σ⁻¹(μ − rf)', () => {
    const lr = returns(252, 2, 1);
    const mu = [0.2, 0.12];
    const rf = 0.03;
    const [[a, b], [, d]] = annualCov(lr) as [[number, number], [number, number]];
    const det = a * d - b * b;
    const z = [(d * (mu[0]! - rf) - b * (mu[1]! - rf)) / det, (a * (mu[1]! - rf) - b * (mu[0]! - rf)) / det];
    const w0 = z[0]! / (z[0]! + z[1]!);
    expect(w0).toBeGreaterThan(0.05); // the closed form is an interior long-only portfolio here
    expect(w0).toBeLessThan(0.95);
    const r = optimizePortfolio({
      symbols: ['A', 'B'],
      logReturns: lr,
      method: 'max_sharpe',
      maxWeight: 1,
      riskFreeRate: rf,
      expectedReturns: mu,
    });
    expect(r.weights[0]).toBeCloseTo(w0, 9);
    expect(r.weights[1]).toBeCloseTo(1 - w0, 9);
    // The tangency portfolio's Sharpe ratio is √((μ − rf)'Σ⁻¹(μ − rf)).
    expect(r.sharpeRatio).toBeCloseTo(Math.sqrt((mu[0]! - rf) * z[0]! + (mu[1]! - rf) * z[1]!), 9);
    expect(r.expectedReturn).toBeCloseTo(w0 * mu[0]! + (1 - w0) * mu[1]!, 12);
  });

  it('min-volatility on two assets equals the closed form (σ₂² − σ₁₂)/(σ₁² + σ₂² − 2σ₁₂)', () => {
    const lr = returns(252, 2, 2);
    const [[a, b], [, d]] = annualCov(lr) as [[number, number], [number, number]];
    const r = optimizePortfolio({
      symbols: ['A', 'B'],
      logReturns: lr,
      method: 'min_volatility',
      maxWeight: 1,
    });
    expect(r.weights[0]).toBeCloseTo((d - b) / (a + d - 2 * b), 10);
    expect(r.expectedRisk).toBeCloseTo(Math.sqrt((a * d - b * b) / (a + d - 2 * b)), 10);
  });

  it('defaults to the annualised historical mean and reports the Ledoit–Wolf shrinkage', () => {
    const lr = returns(120, 3, 3);
    const r = optimizePortfolio({
      symbols: symbols(3),
      logReturns: lr,
      method: 'min_volatility',
      maxWeight: 1,
    });
    const mean = [0, 1, 2].map((j) => (lr.reduce((s, row) => s + row[j]!, 0) / lr.length) * 252);
    expect(r.expectedReturn).toBeCloseTo(
      r.weights.reduce((s, w, j) => s + w * mean[j]!, 0),
      12,
    );
    expect(r.shrinkage).toBeCloseTo(ledoitWolf(lr).shrinkage, 15);
  });

  const lr12 = returns(252, 12, 4);
  const base: OptimizeInput = {
    symbols: symbols(12),
    logReturns: lr12,
    method: 'max_sharpe',
    maxWeight: 0.15,
  };

  it('keeps weights long-only, within the cap and summing to 1 for every method; risk contributions sum to 1', () => {
    for (const method of ['max_sharpe', 'efficient_return', 'min_volatility'] as const) {
      const r = optimizePortfolio({ ...base, method, targetReturn: 0.1 });
      expectFeasible(r, 0.15);
      expect(r.frontier).toHaveLength(FRONTIER_POINTS);
    }
    const r = optimizePortfolio(base);
    expect(r.weights.filter((w) => Math.abs(w - 0.15) < 1e-12).length).toBeGreaterThan(0); // the cap binds here
  });

  it('max-Sharpe under caps is optimal: no feasible pairwise shift of weight raises the Sharpe ratio', () => {
    const r = optimizePortfolio(base);
    const cov = annualCov(lr12);
    const mu = [...Array(12).keys()].map((j) => (lr12.reduce((s, row) => s + row[j]!, 0) / 252) * 252);
    const sharpe = (w: number[]) => w.reduce((s, v, j) => s + v * mu[j]!, 0) / portRisk(cov, w);
    expect(sharpe(r.weights)).toBeCloseTo(r.sharpeRatio, 12);
    const eps = 1e-4;
    for (let i = 0; i < 12; i++)
      for (let j = 0; j < 12; j++) {
        if (i === j || r.weights[i]! < eps || r.weights[j]! > 0.15 - eps) continue;
        const w = r.weights.slice();
        w[i]! -= eps;
        w[j]! += eps;
        expect(sharpe(w)).toBeLessThanOrEqual(r.sharpeRatio + 1e-12);
      }
    const rng = new Rng(9);
    for (let k = 0; k < 300; k++) {
      // random feasible portfolio: 7+ names, capped
      const raw = [...Array(12).keys()].map(() => rng.uniform());
      const s = raw.reduce((p, q) => p + q, 0);
      const w = raw.map((v) => v / s);
      if (w.some((v) => v > 0.15)) continue;
      expect(sharpe(w)).toBeLessThan(r.sharpeRatio);
    }
  });

  it('efficient_return hits the target exactly with less risk than max-Sharpe when the target is lower', () => {
    const ms = optimizePortfolio(base);
    const target = ms.expectedReturn * 0.8;
    const er = optimizePortfolio({ ...base, method: 'efficient_return', targetReturn: target });
    expect(er.expectedReturn).toBeCloseTo(target, 10);
    expect(er.expectedRisk).toBeLessThan(ms.expectedRisk);
    expect(er.sharpeRatio).toBeLessThanOrEqual(ms.sharpeRatio + 1e-12);
    // A target below the min-volatility return is met by the min-volatility portfolio itself.
    const mv = optimizePortfolio({ ...base, method: 'min_volatility' });
    const low = optimizePortfolio({
      ...base,
      method: 'efficient_return',
      targetReturn: mv.expectedReturn - 0.5,
    });
    expect(low.weights).toEqual(mv.weights);
    // Every frontier point is at least as risky as the minimum and the frontier rises in both risk and return.
    for (let k = 1; k < er.frontier.length; k++) {
      expect(er.frontier[k]!.return).toBeGreaterThan(er.frontier[k - 1]!.return);
      expect(er.frontier[k]!.risk).toBeGreaterThanOrEqual(er.frontier[k - 1]!.risk - 1e-12);
    }
    expect(er.frontier[0]!.risk).toBeCloseTo(mv.expectedRisk, 10);
  });

  it('the volatility ceiling caps max-Sharpe risk and rejects targets that need more', () => {
    const free = optimizePortfolio({ ...base, maxWeight: 0.4 });
    const mv = optimizePortfolio({ ...base, maxWeight: 0.4, method: 'min_volatility' });
    const ceiling = (free.expectedRisk + mv.expectedRisk) / 2;
    const capped = optimizePortfolio({ ...base, maxWeight: 0.4, volatilityCeiling: ceiling });
    expect(capped.expectedRisk).toBeCloseTo(ceiling, 10);
    expect(capped.sharpeRatio).toBeLessThan(free.sharpeRatio);
    const tooHigh = () =>
      optimizePortfolio({
        ...base,
        maxWeight: 0.4,
        method: 'efficient_return',
        targetReturn: free.expectedReturn,
        volatilityCeiling: ceiling,
      });
    expect(tooHigh).toThrow(/above the .* ceiling/);
    expect(() => optimizePortfolio({ ...base, volatilityCeiling: mv.expectedRisk / 2 })).toThrow(
      /least volatile/,
    );
    expect(riskTolerancePolicy).toEqual({ low: 0.15, medium: 0.25, high: 0.4 });
  });

  it('throws a typed OptimizationError with a code and a reason for each bad request', () => {
    const code = (input: OptimizeInput): string => {
      try {
        optimizePortfolio(input);
      } catch (err) {
        expect(err).toBeInstanceOf(OptimizationError);
        expect((err as Error).message.length).toBeGreaterThan(10);
        return (err as OptimizationError).code;
      }
      return 'none';
    };
    expect(code({ ...base, symbols: ['A'], logReturns: lr12.map((r) => [r[0]!]) })).toBe('too_few_assets');
    expect(
      code({ ...base, symbols: symbols(3), logReturns: lr12.map((r) => r.slice(0, 3)), maxWeight: 0.3 }),
    ).toBe('infeasible_caps');
    expect(
      code({ ...base, symbols: symbols(3), logReturns: lr12.map((r) => r.slice(0, 3)), maxWeight: 1 / 3 }),
    ).toBe('none');
    expect(code({ ...base, method: 'efficient_return', targetReturn: 5 })).toBe('target_unreachable');
    expect(code({ ...base, expectedReturns: Array<number>(12).fill(-0.1) })).toBe('target_unreachable');
    expect(code({ ...base, logReturns: lr12.slice(0, 59) })).toBe('insufficient_history');
    expect(
      code({ ...base, logReturns: lr12.map((r, i) => (i === 5 ? [Number.NaN, ...r.slice(1)] : r)) }),
    ).toBe('insufficient_history');
    expect(() => optimizePortfolio({ ...base, method: 'efficient_return', targetReturn: 5 })).toThrow(
      /above the .* best capped portfolio/,
    );
  });

  it('with n·cap = 1 the only feasible portfolio is every weight at the cap', () => {
    const r = optimizePortfolio({
      ...base,
      symbols: symbols(4),
      logReturns: lr12.map((x) => x.slice(0, 4)),
      maxWeight: 0.25,
    });
    expect(r.weights).toEqual([0.25, 0.25, 0.25, 0.25]);
  });
});
