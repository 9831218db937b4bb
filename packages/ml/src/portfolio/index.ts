export { OptimizationError, type OptimizationErrorCode } from './errors.ts';
export { ledoitWolf, type LedoitWolfResult } from './ledoit-wolf.ts';
export {
  optimizePortfolio,
  riskTolerancePolicy,
  TRADING_DAYS_PER_YEAR,
  MIN_OPTIMIZATION_DAYS,
  DEFAULT_MAX_WEIGHT,
  DEFAULT_TARGET_RETURN,
  FRONTIER_POINTS,
  type RiskTolerance,
  type OptimizeMethod,
  type OptimizeInput,
  type OptimizeResult,
  type FrontierPoint,
} from './optimize.ts';
export {
  blackLittermanPrior,
  blackLittermanPosterior,
  impliedRiskAversion,
  DEFAULT_BL_TAU,
  type AbsoluteView,
  type BlackLittermanInput,
  type BlackLittermanPosterior,
} from './black-litterman.ts';
export {
  backtestMonthly,
  curveStats,
  DEFAULT_BACKTEST_LOOKBACK,
  type BacktestInput,
  type BacktestWindow,
  type BacktestResult,
  type Rebalance,
  type StrategyStats,
} from './backtest.ts';
