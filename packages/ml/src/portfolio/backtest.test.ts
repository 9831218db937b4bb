import { describe, expect, it } from 'vitest';
import { Rng } from '../random.ts';
import { businessDays } from '../synthetic.ts';
import { backtestMonthly, curveStats, type BacktestInput } from './backtest.ts';

/**
 * Planted market: 520 business days from 2024-01-01, four stocks with noise; stock 0 drifts up strongly with low
 * volatility, stock 3 drifts down; the benchmark grows a constant 0.05 % a day.
 */
function planted(): BacktestInput {
  const dates = businessDays('2024-01-01', 520);
  const rng = new Rng(7);
  const drift = [0.002, 0.0002, 0, -0.001];
  const vol = [0.005, 0.015, 0.02, 0.015];
  const closes: number[][] = [[100, 100, 100, 100]];
  for (let i = 1; i < dates.length; i++)
    closes.push(closes[i - 1]!.map((c, j) => c * Math.exp(drift[j]! + vol[j]! * rng.normal())));
  const benchmark = dates.map((_, i) => 1000 * 1.0005 ** i);
  return {
    dates,
    closes,
    symbols: ['UP', 'A', 'B', 'DOWN'],
    benchmark,
    method: 'max_sharpe',
    maxWeight: 0.5,
  };
}

describe('backtestMonthly', () => {
  const input = planted();
  const result = backtestMonthly(input);

  it('rebalances at the first trading day of each month once a full look-back exists', () => {
    const first = input.dates.indexOf(result.rebalances[0]!.date);
    expect(first).toBeGreaterThan(252);
    expect(input.dates[first]!.slice(0, 7)).not.toBe(input.dates[first - 1]!.slice(0, 7));
    expect(
      input.dates.slice(253, first).every((d, k, a) => k === 0 || d.slice(0, 7) === a[0]!.slice(0, 7)),
    ).toBe(true);
    const months = new Set(input.dates.slice(first).map((d) => d.slice(0, 7)));
    expect(result.rebalances).toHaveLength(months.size);
    expect(result.dates[0]).toBe(input.dates[first - 1]);
    expect(result.strategy).toHaveLength(result.dates.length);
    expect(result.strategy[0]).toBe(1);
  });

  it('puts the capped maximum on the planted winner and beats equal weight and the benchmark', () => {
    for (const r of result.rebalances) {
      expect(r.weights[0]).toBeCloseTo(0.5, 9);
      expect(r.weights[0]! + r.weights[1]!).toBeGreaterThan(0.8); // the two rising stocks carry the portfolio
      expect(r.fallback).toBeUndefined();
    }
    expect(result.stats.strategy.totalReturn).toBeGreaterThan(result.stats.equalWeight.totalReturn);
    expect(result.stats.strategy.sharpeRatio).toBeGreaterThan(result.stats.equalWeight.sharpeRatio);
  });

  it('holds equal weight without drift correction inside a month and tracks the benchmark exactly', () => {
    const first = input.dates.indexOf(result.dates[0]!);
    // Inside the first month: value = Σ (1/n) · close_t / close_first.
    for (let k = 1; k < 10; k++) {
      const expected = input.closes[first + k]!.reduce((s, c, j) => s + c / input.closes[first]![j]! / 4, 0);
      expect(result.equalWeight[k]).toBeCloseTo(expected, 12);
    }
    const days = result.dates.length - 1;
    expect(result.stats.benchmark.totalReturn).toBeCloseTo(1.0005 ** days - 1, 12);
    expect(result.stats.benchmark.maxDrawdown).toBe(0);
    expect(result.stats.benchmark.volatility).toBeLessThan(1e-12);
  });

  it('never looks ahead: changing prices after a rebalance leaves that rebalance unchanged', () => {
    const k = 3;
    const at = input.dates.indexOf(result.rebalances[k]!.date);
    const shocked = {
      ...input,
      closes: input.closes.map((row, i) => (i >= at ? row.map((c, j) => (j === 3 ? c * 50 : c)) : row)),
    };
    const again = backtestMonthly(shocked);
    for (let m = 0; m <= k; m++) expect(again.rebalances[m]!.weights).toEqual(result.rebalances[m]!.weights);
    expect(again.rebalances[k + 1]!.weights).not.toEqual(result.rebalances[k + 1]!.weights);
  });

  it('takes expected returns per rebalance from a callback and falls back to equal weight when a target is unreachable', () => {
    const seen: number[] = [];
    const bl = backtestMonthly({
      ...input,
      expectedReturns: ({ logReturns, endIndex }) => {
        seen.push(endIndex);
        expect(logReturns).toHaveLength(252);
        return [0, 0, 0, 0.3]; // a view that DOWN will do best
      },
    });
    expect(seen).toHaveLength(bl.rebalances.length);
    for (const r of bl.rebalances) expect(r.weights[3]).toBeCloseTo(0.5, 9);
    const hard = backtestMonthly({ ...input, method: 'efficient_return', targetReturn: 10 });
    for (const r of hard.rebalances) {
      expect(r.weights).toEqual([0.25, 0.25, 0.25, 0.25]);
      expect(r.fallback).toMatch(/target return/);
    }
  });

  it('starts at startDate and rejects data without a full look-back', () => {
    const late = backtestMonthly({ ...input, startDate: '2025-06-01' });
    expect(late.rebalances[0]!.date >= '2025-06-01').toBe(true);
    expect(late.rebalances[0]!.date.slice(0, 7)).toBe('2025-06');
    expect(() => backtestMonthly({ ...input, lookbackDays: 600 })).toThrow(/no month start/);
  });
});

describe('curveStats', () => {
  it('computes return, drawdown, volatility and Sharpe of a hand curve', () => {
    const s = curveStats([1, 1.1, 0.99, 1.2]);
    expect(s.totalReturn).toBeCloseTo(0.2, 12);
    expect(s.maxDrawdown).toBeCloseTo(0.1, 12); // 1.1 → 0.99
    const r = [0.1, -0.1, 1.2 / 0.99 - 1];
    const mean = (r[0]! + r[1]! + r[2]!) / 3;
    const sd = Math.sqrt(r.reduce((a, v) => a + (v - mean) ** 2, 0) / 2);
    expect(s.volatility).toBeCloseTo(sd * Math.sqrt(252), 12);
    expect(s.sharpeRatio).toBeCloseTo((mean * 252) / (sd * Math.sqrt(252)), 12);
    expect(s.annualizedReturn).toBeCloseTo(1.2 ** (252 / 3) - 1, 6);
  });
});
