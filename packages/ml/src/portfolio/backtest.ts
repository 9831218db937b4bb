/**
 * Monthly-rebalanced out-of-sample backtest of an optimisation method against a benchmark (XU100) and equal weight.
 * At the close before each month's first trading day, the method is solved on the trailing `lookbackDays` daily log
 * returns only (no look-ahead); the weights are bought at that close and held (drifting) through the month. Equal
 * weight is rebalanced on the same dates; the benchmark is bought and held. No costs, dividends or taxes are modelled.
 */
import { OptimizationError } from './errors.ts';
import { optimizePortfolio, TRADING_DAYS_PER_YEAR, type OptimizeMethod } from './optimize.ts';

export interface BacktestWindow {
  /** The trailing window's daily log returns (lookbackDays × N). */
  logReturns: number[][];
  /** Index into `dates` of the last close the window uses (the rebalance close). */
  endIndex: number;
}

export interface BacktestInput {
  /** Ascending YYYY-MM-DD, one per row of closes. */
  dates: string[];
  /** T × N closes, aligned, positive, no gaps (the caller aligns). */
  closes: number[][];
  symbols: string[];
  /** Benchmark closes on the same dates (XU100). */
  benchmark: number[];
  method: OptimizeMethod;
  lookbackDays?: number;
  /** First rebalance on the first month start on or after this date; default the first month start with history. */
  startDate?: string;
  targetReturn?: number;
  maxWeight?: number;
  riskFreeRate?: number;
  volatilityCeiling?: number | null;
  /** Annual expected returns for one rebalance (e.g. a Black–Litterman posterior); default the historical mean. */
  expectedReturns?: (window: BacktestWindow) => number[];
}

export interface StrategyStats {
  totalReturn: number;
  annualizedReturn: number;
  /** Annualised standard deviation of daily simple returns. */
  volatility: number;
  /** (mean daily return × 252 − rf) / volatility. */
  sharpeRatio: number;
  /** Largest peak-to-trough fall of the equity curve, a positive fraction. */
  maxDrawdown: number;
}

export interface Rebalance {
  /** First trading day the weights are held (bought at the previous close). */
  date: string;
  weights: number[];
  /** Set when the method could not be solved this month and equal weight was held instead. */
  fallback?: string;
}

export interface BacktestResult {
  /** From the first rebalance close to the end; every curve starts at 1 there. */
  dates: string[];
  strategy: number[];
  benchmark: number[];
  equalWeight: number[];
  stats: { strategy: StrategyStats; benchmark: StrategyStats; equalWeight: StrategyStats };
  rebalances: Rebalance[];
}

export const DEFAULT_BACKTEST_LOOKBACK = 252;

export function backtestMonthly(input: BacktestInput): BacktestResult {
  const { dates, closes, symbols, benchmark } = input;
  const n = symbols.length;
  const lookback = input.lookbackDays ?? DEFAULT_BACKTEST_LOOKBACK;
  if (closes.length !== dates.length || benchmark.length !== dates.length)
    throw new RangeError('dates, closes and benchmark must have the same length');
  closes.forEach((row, i) => {
    if (row.length !== n || !row.every((v) => v > 0 && Number.isFinite(v)))
      throw new RangeError(`closes row ${i} (${dates[i]}) must hold ${n} positive prices`);
  });
  if (!benchmark.every((v) => v > 0 && Number.isFinite(v)))
    throw new RangeError('benchmark closes must be positive');

  // Rebalance before day i when i starts a month and has `lookback` returns behind its previous close.
  const starts: number[] = [];
  for (let i = lookback + 1; i < dates.length; i++)
    if (
      dates[i]!.slice(0, 7) !== dates[i - 1]!.slice(0, 7) &&
      (!input.startDate || dates[i]! >= input.startDate)
    )
      starts.push(i);
  if (starts.length === 0)
    throw new OptimizationError(
      'insufficient_history',
      `no month start has ${lookback} days of history before it${input.startDate ? ` on or after ${input.startDate}` : ''}`,
    );

  const first = starts[0]! - 1;
  const equal = new Array<number>(n).fill(1 / n);
  const rebalances: Rebalance[] = [];
  const strategy = [1];
  const equalWeight = [1];
  const bench = [1];
  let holdS = equal.slice();
  let holdE = equal.slice();
  let next = 0;
  for (let i = first + 1; i < dates.length; i++) {
    if (next < starts.length && starts[next] === i) {
      const end = i - 1;
      const weights = solveAt(input, end, lookback);
      rebalances.push({ date: dates[i]!, ...weights });
      const vs = strategy[strategy.length - 1]!;
      const ve = equalWeight[equalWeight.length - 1]!;
      holdS = weights.weights.map((w) => w * vs);
      holdE = equal.map((w) => w * ve);
      next++;
    }
    let vs = 0;
    let ve = 0;
    for (let j = 0; j < n; j++) {
      const growth = closes[i]![j]! / closes[i - 1]![j]!;
      holdS[j]! *= growth;
      holdE[j]! *= growth;
      vs += holdS[j]!;
      ve += holdE[j]!;
    }
    strategy.push(vs);
    equalWeight.push(ve);
    bench.push(benchmark[i]! / benchmark[first]!);
  }
  const rf = input.riskFreeRate ?? 0;
  return {
    dates: dates.slice(first),
    strategy,
    benchmark: bench,
    equalWeight,
    stats: {
      strategy: curveStats(strategy, rf),
      benchmark: curveStats(bench, rf),
      equalWeight: curveStats(equalWeight, rf),
    },
    rebalances,
  };
}

function solveAt(
  input: BacktestInput,
  end: number,
  lookback: number,
): { weights: number[]; fallback?: string } {
  const { closes, symbols } = input;
  const logReturns: number[][] = [];
  for (let d = end - lookback + 1; d <= end; d++)
    logReturns.push(closes[d]!.map((c, j) => Math.log(c / closes[d - 1]![j]!)));
  try {
    const result = optimizePortfolio({
      symbols,
      logReturns,
      method: input.method,
      targetReturn: input.targetReturn,
      maxWeight: input.maxWeight,
      riskFreeRate: input.riskFreeRate,
      volatilityCeiling: input.volatilityCeiling,
      expectedReturns: input.expectedReturns?.({ logReturns, endIndex: end }),
    });
    return { weights: result.weights };
  } catch (err) {
    if (!(err instanceof OptimizationError) || err.code !== 'target_unreachable') throw err;
    return { weights: new Array<number>(symbols.length).fill(1 / symbols.length), fallback: err.message };
  }
}

/** Total and annualised return, volatility, Sharpe ratio and maximum drawdown of an equity curve (daily points). */
export function curveStats(curve: number[], riskFreeRate = 0): StrategyStats {
  const days = curve.length - 1;
  const rets: number[] = [];
  for (let i = 1; i < curve.length; i++) rets.push(curve[i]! / curve[i - 1]! - 1);
  const mean = rets.reduce((s, v) => s + v, 0) / Math.max(1, days);
  const variance = days > 1 ? rets.reduce((s, v) => s + (v - mean) ** 2, 0) / (days - 1) : 0;
  const volatility = Math.sqrt(variance * TRADING_DAYS_PER_YEAR);
  let peak = curve[0]!;
  let maxDrawdown = 0;
  for (const v of curve) {
    peak = Math.max(peak, v);
    maxDrawdown = Math.max(maxDrawdown, 1 - v / peak);
  }
  const totalReturn = curve[curve.length - 1]! / curve[0]! - 1;
  return {
    totalReturn,
    annualizedReturn: days > 0 ? (1 + totalReturn) ** (TRADING_DAYS_PER_YEAR / days) - 1 : 0,
    volatility,
    sharpeRatio: volatility > 0 ? (mean * TRADING_DAYS_PER_YEAR - riskFreeRate) / volatility : 0,
    maxDrawdown,
  };
}
