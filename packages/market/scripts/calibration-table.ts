/* eslint-disable no-restricted-globals -- command-line script: reads argv and measures CPU time with process; never imported by the product. */
// Prints the README calibration table: real figures (from real_daily, see src/data/real-reference.ts) next to a real
// run of the simulator, plus generation timings.
// Run: node --import tsx packages/market/scripts/calibration-table.ts [seed]
import {
  createSimulator,
  indexBarsFromDays,
  indexByCode,
  REAL_CALIBRATION,
  simulatedCalibrationFigures,
  STOCKS,
  XU100_TARGET_LEVEL,
  type CalibrationSummary,
} from '../src/index.ts';

const seed = Number(process.argv[2] ?? 2026);
const startDate = '2023-07-10';
const untilDate = '2026-07-10';

// Wall time depends on what else the machine runs; CPU time of this process is the steadier figure.
const timingsMs: number[] = [];
const cpuMs: number[] = [];
for (let run = 0; run < 5; run++) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  createSimulator({ seed: seed + run, startDate, stocks: STOCKS }).dailyBars(untilDate);
  const cpu = process.cpuUsage(c0);
  cpuMs.push((cpu.user + cpu.system) / 1000);
  timingsMs.push(performance.now() - t0);
}
const simulator = createSimulator({ seed, startDate, stocks: STOCKS });
const days = simulator.dailyBars(untilDate);
const sim = simulatedCalibrationFigures(simulator, untilDate);
const real = REAL_CALIBRATION;

const fmt = (x: number, digits: number) => x.toFixed(digits);
const pct = (x: number) => `${(100 * x).toFixed(2)} %`;
const money = (x: number) => (x >= 1e9 ? `${(x / 1e9).toFixed(2)} B` : `${(x / 1e6).toFixed(0)} M`);
const cell = (s: CalibrationSummary, f: (x: number) => string) =>
  `${f(s.median)} (${f(s.p10)} – ${f(s.p90)})`;
const rows: [string, string, string][] = [
  [
    'daily log-return sd',
    cell(real.dailyLogReturnSd, (x) => fmt(x, 4)),
    cell(sim.dailyLogReturnSd, (x) => fmt(x, 4)),
  ],
  [
    'excess kurtosis',
    cell(real.excessKurtosis, (x) => fmt(x, 2)),
    cell(sim.excessKurtosis, (x) => fmt(x, 2)),
  ],
  [
    'lag-1 autocorrelation of squared returns',
    cell(real.squaredReturnAutocorrelation, (x) => fmt(x, 3)),
    cell(sim.squaredReturnAutocorrelation, (x) => fmt(x, 3)),
  ],
  [
    'lag-1 autocorrelation of returns',
    cell(real.returnAutocorrelation, (x) => fmt(x, 3)),
    cell(sim.returnAutocorrelation, (x) => fmt(x, 3)),
  ],
  ['beta to XU100', cell(real.betaToXu100, (x) => fmt(x, 2)), cell(sim.betaToXu100, (x) => fmt(x, 2))],
  ['last close, TRY', cell(real.lastCloseTry, (x) => fmt(x, 2)), cell(sim.lastCloseTry, (x) => fmt(x, 2))],
  [
    'median daily turnover (last 250 days), TRY',
    cell(real.medianTurnoverTry, money),
    cell(sim.medianTurnoverTry, money),
  ],
  [
    'median daily range (high − low) / close',
    cell(real.medianRangeFraction, (x) => fmt(x, 4)),
    cell(sim.medianRangeFraction, (x) => fmt(x, 4)),
  ],
  [
    'average pairwise correlation (market)',
    fmt(real.averagePairwiseCorrelation, 3),
    fmt(sim.averagePairwiseCorrelation, 3),
  ],
  [
    'share of stock-days closing ≥ 9.5 % from the previous close',
    pct(real.limitMoveShare),
    pct(sim.limitMoveShare),
  ],
  ['XU100 daily log-return sd', fmt(real.xu100DailyLogReturnSd, 4), fmt(sim.xu100DailyLogReturnSd, 4)],
  ['XU100 excess kurtosis', fmt(real.xu100ExcessKurtosis, 2), fmt(sim.xu100ExcessKurtosis, 2)],
];

console.log(
  `Simulator seed ${seed}, ${sim.stockCount} stocks, ${days.length} trading days ${days[0]?.date} → ${untilDate}.`,
);
console.log(
  `Real: ${real.stockCount} stocks with ≥ 250 clean days (turnover, range and last close: all 150 real files).\n`,
);
console.log('| statistic (per stock: median (p10 – p90)) | real (real_daily) | simulated |');
console.log('|---|---|---|');
for (const [name, r, s] of rows) console.log(`| ${name} | ${r} | ${s} |`);

// The 150 real-anchored stocks alone, for a like-for-like turnover comparison.
const anchored = simulator.models.map((m, i) => (m.anchoredToReal ? i : -1)).filter((i) => i >= 0);
const recent = days.slice(-250);
const anchoredTurnover = anchored
  .map((i) => {
    const values = recent
      .map((d) => (d.bars[i]?.closeTry ?? 0) * (d.bars[i]?.volumeShares ?? 0))
      .sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? 0;
  })
  .sort((a, b) => a - b);
console.log(
  `\nMedian turnover of the ${anchored.length} real-anchored stocks: ${money(anchoredTurnover[Math.floor(anchoredTurnover.length / 2)] ?? 0)} TRY (real 150: ${money(real.medianTurnoverTry.median)}).`,
);

const lastDay = days[days.length - 1];
const caps = simulator.models
  .map((m, i) => ({ symbol: m.symbol, capTry: m.sharesOutstanding * (lastDay?.bars[i]?.closeTry ?? 0) }))
  .sort((a, b) => b.capTry - a.capTry);
const totalCap = caps.reduce((s, c) => s + c.capTry, 0);
console.log(
  `Total market cap on ${untilDate}: ${(totalCap / 1e12).toFixed(2)} trillion TRY; largest: ${caps
    .slice(0, 10)
    .map((c) => `${c.symbol} ${(c.capTry / 1e9).toFixed(0)} B`)
    .join(', ')}.`,
);
const xu100 = indexBarsFromDays(days, simulator.models, indexByCode('XU100')?.members ?? [], {
  targetLevel: XU100_TARGET_LEVEL,
});
console.log(
  `XU100: ${xu100[0]?.closeLevel.toFixed(1)} on ${xu100[0]?.date} → ${xu100.at(-1)?.closeLevel.toFixed(1)} on ${xu100.at(-1)?.date}; median daily turnover ${money(
    [...xu100.map((b) => b.turnoverTry)].sort((a, b) => a - b)[Math.floor(xu100.length / 2)] ?? 0,
  )} TRY.`,
);
const sorted = [...timingsMs].sort((a, b) => a - b);
const sortedCpu = [...cpuMs].sort((a, b) => a - b);
console.log(
  `Generation time, ${sim.stockCount} stocks × ${days.length} days (5 runs, Node ${process.version}): wall median ${sorted[2]?.toFixed(0)} ms (min ${sorted[0]?.toFixed(0)}); CPU median ${sortedCpu[2]?.toFixed(0)} ms (min ${sortedCpu[0]?.toFixed(0)}).`,
);
