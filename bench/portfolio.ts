// npm run bench:portfolio [-- --data <folder>] [--runs <n>] — portfolio optimisation of @bist/ml on real end-of-day data.
// (a) Time of one optimisation (Ledoit–Wolf + solver + 20-point frontier) of 30 stocks over one year of daily log
//     returns, per method: median (and min/max) of --runs runs (default 15) after one warm-up.
// (b) Out-of-sample monthly backtest over the last year of the data (252 trading days to the last XU100 close):
//     max_sharpe, min_volatility and Black–Litterman (market-implied prior) vs XU100 and equal weight — total and
//     annualised return, volatility, Sharpe (rf 0, nominal TRY) and maximum drawdown.
// Universe: the 30 stocks with the highest mean traded value (close × volume) in the year before the backtest starts,
// among those with a close on every day of the two years used (so the selection itself sees no future prices, but a
// stock delisted or suspended during the test year cannot be picked: survivorship, stated in the output).
// Data: --data (relative to where npm was run), default ../shared/data/real_daily relative to the repo root; read with
// the bench's CSV loader (bench/lib/ml-data.ts: corporate-action jumps of _large_moves.csv back-adjusted).
// Writes the tables to bench/results/portfolio-<dataset>.md.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  backtestMonthly,
  blackLittermanPrior,
  impliedRiskAversion,
  ledoitWolf,
  optimizePortfolio,
  TRADING_DAYS_PER_YEAR,
  type BacktestResult,
  type OptimizeMethod,
  type StrategyStats,
} from '@bist/ml';
import { csvDataset } from './lib/ml-data.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const dataArg = option('data');
const folder = dataArg
  ? path.resolve(process.env.INIT_CWD ?? process.cwd(), dataArg)
  : path.resolve(HERE, '..', '..', 'shared', 'data', 'real_daily');
const RUNS = Number(option('runs') ?? '15');
const STOCKS = 30;
const YEAR = 252;
const MAX_WEIGHT = 0.3;

const dataset = csvDataset(folder);
const { panel } = dataset;
const nDays = panel.dates.length;
let end = nDays - 1;
while (end > 0 && !Number.isFinite(panel.marketClose[end]!)) end--;
// Days with an XU100 close. The backtest starts at the first trading day of the month YEAR of them before the last
// (so it covers the last year, rounded back to a month start) and needs YEAR returns before that: keep 2·YEAR + 30.
const marketDays: number[] = [];
for (let d = 0; d <= end; d++) if (Number.isFinite(panel.marketClose[d]!)) marketDays.push(d);
const days = marketDays.slice(-(2 * YEAR + 30));
const testStart = `${panel.dates[days[days.length - YEAR]!]!.slice(0, 7)}-01`;
const closeAt = (s: number, d: number): number => panel.close[s * nDays + d]!;
const complete = panel.symbols
  .map((_, s) => s)
  .filter((s) => days.every((d) => closeAt(s, d) > 0 && Number.isFinite(closeAt(s, d))));
const selectionDays = days.filter((d) => panel.dates[d]! < testStart).slice(-YEAR);
const tradedValue = (s: number): number =>
  selectionDays.reduce((sum, d) => sum + closeAt(s, d) * (panel.volume[s * nDays + d]! || 0), 0) /
  selectionDays.length;
const chosen = complete
  .map((s) => ({ s, value: tradedValue(s) }))
  .sort((a, b) => b.value - a.value)
  .slice(0, STOCKS);
if (chosen.length < STOCKS)
  throw new Error(`only ${chosen.length} stocks have complete data over the window`);
const symbols = chosen.map((c) => panel.symbols[c.s]!);
const dates = days.map((d) => panel.dates[d]!);
const closes = days.map((d) => chosen.map((c) => closeAt(c.s, d)));
const volumes = days.map((d) => chosen.map((c) => panel.volume[c.s * nDays + d]! || 0));
const benchmark = days.map((d) => panel.marketClose[d]!);

// (a) timing on the year before the last close.
const lastYear: number[][] = [];
for (let i = closes.length - YEAR; i < closes.length; i++)
  lastYear.push(closes[i]!.map((c, j) => Math.log(c / closes[i - 1]![j]!)));
const median = (v: number[]): number => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const timing: {
  method: OptimizeMethod;
  median: number;
  min: number;
  max: number;
  risk: number;
  ret: number;
}[] = [];
for (const method of ['max_sharpe', 'efficient_return', 'min_volatility'] as const) {
  const run = () =>
    optimizePortfolio({ symbols, logReturns: lastYear, method, maxWeight: MAX_WEIGHT, targetReturn: 0.15 });
  let result = run();
  const ms: number[] = [];
  for (let k = 0; k < RUNS; k++) {
    const t0 = performance.now();
    result = run();
    ms.push(performance.now() - t0);
  }
  timing.push({
    method,
    median: median(ms),
    min: Math.min(...ms),
    max: Math.max(...ms),
    risk: result.expectedRisk,
    ret: result.expectedReturn,
  });
}

// (a') scale: max_sharpe over every stock with complete data (cap 10 %), same year.
const wide: number[][] = [];
for (let i = days.length - YEAR; i < days.length; i++)
  wide.push(complete.map((s) => Math.log(closeAt(s, days[i]!) / closeAt(s, days[i - 1]!))));
const wideRun = () =>
  optimizePortfolio({
    symbols: complete.map((s) => panel.symbols[s]!),
    logReturns: wide,
    method: 'max_sharpe',
    maxWeight: 0.1,
  });
wideRun();
const wideMs: number[] = [];
for (let k = 0; k < RUNS; k++) {
  const t = performance.now();
  wideRun();
  wideMs.push(performance.now() - t);
}

// (b) backtests.
let deltaFloored = 0;
/** Black–Litterman prior: traded-value weights over the window (no capitalisation data in the CSVs), δ from XU100. */
const blPrior = ({ logReturns, endIndex }: { logReturns: number[][]; endIndex: number }): number[] => {
  const from = endIndex - logReturns.length + 1;
  const weights = symbols.map((_, j) => {
    let v = 0;
    for (let d = from; d <= endIndex; d++) v += closes[d]![j]! * volumes[d]![j]!;
    return v;
  });
  const m: number[] = [];
  for (let d = from; d <= endIndex; d++) m.push(Math.log(benchmark[d]! / benchmark[d - 1]!));
  const mean = m.reduce((s, v) => s + v, 0) / m.length;
  const variance = m.reduce((s, v) => s + (v - mean) ** 2, 0) / (m.length - 1);
  let delta = impliedRiskAversion(mean * TRADING_DAYS_PER_YEAR, variance * TRADING_DAYS_PER_YEAR);
  if (!(delta >= 1)) {
    deltaFloored++;
    delta = 1;
  }
  const cov = ledoitWolf(logReturns).covariance.map((row) => row.map((v) => v * TRADING_DAYS_PER_YEAR));
  return blackLittermanPrior(cov, weights, delta);
};
const t0 = performance.now();
const runs: { label: string; result: BacktestResult }[] = [];
for (const [label, method, expectedReturns] of [
  ['max_sharpe (historical mean)', 'max_sharpe', undefined],
  ['min_volatility', 'min_volatility', undefined],
  ['Black–Litterman prior, max_sharpe', 'max_sharpe', blPrior],
] as const) {
  runs.push({
    label,
    result: backtestMonthly({
      dates,
      closes,
      symbols,
      benchmark,
      method,
      maxWeight: MAX_WEIGHT,
      startDate: testStart,
      expectedReturns,
    }),
  });
}
const backtestMs = performance.now() - t0;
const ref = runs[0]!.result;

const pct = (v: number): string => `${(v * 100).toFixed(2)} %`;
const row = (label: string, s: StrategyStats): string =>
  `| ${label} | ${pct(s.totalReturn)} | ${pct(s.annualizedReturn)} | ${pct(s.volatility)} | ${s.sharpeRatio.toFixed(2)} | ${pct(s.maxDrawdown)} |`;
const lines = [
  `# bench:portfolio — ${dataset.name}`,
  '',
  `- measured with \`npm run bench:portfolio\`${dataArg ? ` -- --data ${dataArg}` : ''}; Node ${process.version}`,
  `- dataset: ${dataset.description}`,
  `- universe: the ${STOCKS} stocks with the highest mean traded value (close × volume) over ${selectionDays.length} days before ${testStart}, among the ${complete.length} with a close on every day ${dates[0]} … ${dates.at(-1)} (survivorship: stocks without complete data to the end are excluded): ${symbols.join(', ')}`,
  `- long-only, cap ${pct(MAX_WEIGHT)} per stock; Ledoit–Wolf covariance (scaled-identity target) and mean of the trailing ${YEAR} daily log returns, annualised ×252; returns are nominal TRY, risk-free rate 0`,
  '',
  `## (a) One optimisation: ${STOCKS} stocks × ${YEAR} days (median of ${RUNS} runs after a warm-up; includes the 20-point frontier)`,
  '',
  '| method | median ms | min ms | max ms | in-sample expected return | expected risk |',
  '|---|---|---|---|---|---|',
  ...timing.map(
    (t) =>
      `| ${t.method} | ${t.median.toFixed(1)} | ${t.min.toFixed(1)} | ${t.max.toFixed(1)} | ${pct(t.ret)} | ${pct(t.risk)} |`,
  ),
  '',
  `Scale: max_sharpe over all ${complete.length} stocks with complete data (cap 10 %): median ${median(wideMs).toFixed(1)} ms (min ${Math.min(...wideMs).toFixed(1)}, max ${Math.max(...wideMs).toFixed(1)}).`,
  '',
  `## (b) Monthly rebalanced, out of sample: ${ref.dates[1]} … ${ref.dates.at(-1)} (${ref.dates.length - 1} trading days, ${ref.rebalances.length} rebalances)`,
  '',
  'Each month start the method is solved on the trailing 252 daily returns only and held through the month; equal weight',
  'is rebalanced on the same dates; XU100 (price index) is bought and held. No costs, dividends or taxes.',
  `Black–Litterman: prior π = δΣw with w = traded-value weights of the trailing year (no capitalisation data in the CSVs) and δ = XU100's trailing annual mean log return / variance (floored at 1 in ${deltaFloored} of ${ref.rebalances.length} months); no views (the production model's views are added by the server).`,
  '',
  '| strategy | total return | annualised | volatility | Sharpe | max drawdown |',
  '|---|---|---|---|---|---|',
  ...runs.map((r) => row(r.label, r.result.stats.strategy)),
  row('equal weight (monthly)', ref.stats.equalWeight),
  row('XU100 (buy and hold)', ref.stats.benchmark),
  '',
  `Backtest wall time (3 strategies, ${ref.rebalances.length} optimisations each): ${(backtestMs / 1000).toFixed(2)} s.`,
  ...runs.flatMap((r) => {
    const f = r.result.rebalances.filter((x) => x.fallback).length;
    return f ? [`${r.label}: ${f} month(s) held equal weight (target unreachable).`] : [];
  }),
  '',
];
const text = lines.join('\n');
process.stdout.write(text);
const outDir = path.join(HERE, 'results');
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, `portfolio-${dataset.name}.md`), text);
