/* eslint-disable no-restricted-imports, no-restricted-globals -- build-time generator: reads the shared data folder (its argument) with node:fs; never imported by the product. */
// Generates src/data/*.ts from the shared BIST reference data: the folder given as the first argument, by default
// ../shared/data beside the repository root.
// Run: node --import tsx packages/market/scripts/generate-reference-data.ts
// The product never reads ../shared at run time: the output modules are committed.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import {
  averagePairwiseCorrelation,
  seriesAutocorrelation,
  seriesBeta,
  seriesExcessKurtosis,
  seriesMedian,
  seriesSd,
  seriesSummary,
} from '../src/stats.ts';
import type { CalibrationFigures, IndexCatalogueEntry, RealStockReference, Stock } from '../src/types.ts';

const here = dirname(fileURLToPath(import.meta.url));
const sharedData = process.argv[2] ?? join(here, '../../../../shared/data');
const outDir = join(here, '../src/data');

/** Minimal RFC-4180 line splitter (quoted fields may hold commas). */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(current);
      current = '';
    } else current += c;
  }
  fields.push(current);
  return fields;
}

function readCsv(path: string): string[][] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(1)
    .map(splitCsvLine);
}

const stocks: Stock[] = readCsv(join(sharedData, 'bist_stocks.csv')).map(
  ([symbol = '', name = '', sector = '']) => ({
    symbol,
    name,
    sector,
  }),
);
const catalogue: IndexCatalogueEntry[] = readCsv(join(sharedData, 'bist_indices.csv')).map(
  ([code = '', name = '', description = '']) => ({ code, name, description }),
);
const members: Record<string, string[]> = {};
for (const [code = '', symbol = ''] of readCsv(join(sharedData, 'bist_index_members.csv'))) {
  (members[code] ??= []).push(symbol);
}

interface RealBar {
  date: string;
  high: number;
  low: number;
  close: number;
  volume: number;
}
const realDir = join(sharedData, 'real_daily');
const largeMoves = new Set(readCsv(join(realDir, '_large_moves.csv')).map(([s = '', d = '']) => `${s}|${d}`));
const MAX_ABS_LOG_RETURN = 0.115;

function readBars(symbol: string): RealBar[] {
  return readCsv(join(realDir, `${symbol}.csv`)).map(
    ([date = '', , high = '', low = '', close = '', volume = '']) => ({
      date,
      high: Number(high),
      low: Number(low),
      close: Number(close),
      volume: Number(volume),
    }),
  );
}

/** Clean daily log returns keyed by date: large moves (corporate actions) and |r| ≥ 11.5 % dropped. */
function cleanReturns(symbol: string, bars: RealBar[]): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 1; i < bars.length; i++) {
    const prev = bars[i - 1];
    const bar = bars[i];
    if (!prev || !bar || prev.close <= 0 || bar.close <= 0) continue;
    const r = Math.log(bar.close / prev.close);
    if (largeMoves.has(`${symbol}|${bar.date}`) || Math.abs(r) >= MAX_ABS_LOG_RETURN) continue;
    out.set(bar.date, r);
  }
  return out;
}

const xu100Bars = readBars('XU100');
const xu100Returns = cleanReturns('XU100', xu100Bars);
const realSymbols = readdirSync(realDir)
  .filter((f) => f.endsWith('.csv') && !f.startsWith('_') && f !== 'XU100.csv')
  .map((f) => f.replace(/\.csv$/, ''))
  .sort();

const references: RealStockReference[] = [];
const kurtoses: number[] = [];
const squaredAcfs: number[] = [];
const returnAcfs: number[] = [];
const returnsBySymbol = new Map<string, Map<string, number>>();
for (const symbol of realSymbols) {
  const bars = readBars(symbol);
  const last = bars.at(-1);
  if (!last) continue;
  const returnsByDate = cleanReturns(symbol, bars);
  returnsBySymbol.set(symbol, returnsByDate);
  const returns = [...returnsByDate.values()];
  const stockCommon: number[] = [];
  const marketCommon: number[] = [];
  for (const [date, r] of returnsByDate) {
    const m = xu100Returns.get(date);
    if (m !== undefined) {
      stockCommon.push(r);
      marketCommon.push(m);
    }
  }
  const recent = bars.slice(-250);
  references.push({
    symbol,
    lastDate: last.date,
    lastCloseTry: last.close,
    dailyLogReturnSd: round(seriesSd(returns), 5),
    medianTurnoverTry: Math.round(seriesMedian(recent.map((b) => b.close * b.volume))),
    betaToXu100: round(seriesBeta(stockCommon, marketCommon), 3),
    medianRangeFraction: round(seriesMedian(recent.map((b) => (b.high - b.low) / b.close)), 5),
    cleanReturnDays: returns.length,
  });
  // Distribution statistics only for stocks with a usable history, as in CALIBRATION.md.
  if (returns.length >= 250) {
    kurtoses.push(seriesExcessKurtosis(returns));
    squaredAcfs.push(seriesAutocorrelation(returns.map((r) => r * r)));
    returnAcfs.push(seriesAutocorrelation(returns));
  }
}

// Average pairwise correlation on the common window 2023-07 → 2025-07 (both sources cover it).
const windowDates = xu100Bars.map((b) => b.date).filter((d) => d >= '2023-07-01' && d <= '2025-07-07');
const windowSymbols = realSymbols.filter((s) => {
  const returns = returnsBySymbol.get(s);
  return (
    returns !== undefined && windowDates.filter((d) => returns.has(d)).length >= windowDates.length * 0.95
  );
});
const commonDates = windowDates.filter((d) => windowSymbols.every((s) => returnsBySymbol.get(s)?.has(d)));
const pairwise = averagePairwiseCorrelation(
  windowSymbols.map((s) => commonDates.map((d) => returnsBySymbol.get(s)?.get(d) ?? 0)),
);

// Limit moves: closes ≥ 9.5 % from the previous close, over every real stock-day except corporate actions and
// holiday filler rows (both bars flat with O = H = L = C).
let limitMoves = 0;
let stockDays = 0;
for (const symbol of realSymbols) {
  const lines = readCsv(join(realDir, `${symbol}.csv`));
  for (let i = 1; i < lines.length; i++) {
    const [, po, ph, pl, pc = ''] = lines[i - 1] ?? [];
    const [date = '', o, h, l, c = ''] = lines[i] ?? [];
    if ((po === ph && ph === pl && pl === pc) || (o === h && h === l && l === c)) continue;
    if (largeMoves.has(`${symbol}|${date}`)) continue;
    stockDays++;
    if (Math.abs(Number(c) / Number(pc) - 1) >= 0.095) limitMoves++;
  }
}

const usable = references.filter((r) => r.cleanReturnDays >= 250);
const xu100List = [...xu100Returns.values()];
const summary = (values: number[], digits: number) => {
  const s = seriesSummary(values);
  return { median: round(s.median, digits), p10: round(s.p10, digits), p90: round(s.p90, digits) };
};
const calibration: CalibrationFigures = {
  stockCount: usable.length,
  dailyLogReturnSd: summary(
    usable.map((r) => r.dailyLogReturnSd),
    4,
  ),
  excessKurtosis: summary(kurtoses, 3),
  squaredReturnAutocorrelation: summary(squaredAcfs, 3),
  returnAutocorrelation: summary(returnAcfs, 3),
  betaToXu100: summary(
    usable.map((r) => r.betaToXu100),
    3,
  ),
  lastCloseTry: summary(
    references.map((r) => r.lastCloseTry),
    2,
  ),
  medianTurnoverTry: summary(
    references.map((r) => r.medianTurnoverTry),
    0,
  ),
  medianRangeFraction: summary(
    references.map((r) => r.medianRangeFraction),
    4,
  ),
  averagePairwiseCorrelation: round(pairwise, 3),
  limitMoveShare: round(limitMoves / stockDays, 4),
  xu100DailyLogReturnSd: round(seriesSd(xu100List), 4),
  xu100ExcessKurtosis: round(seriesExcessKurtosis(xu100List), 2),
};
const xu100Last = xu100Bars.at(-1);
if (!xu100Last) throw new Error('XU100.csv is empty');

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

const header = (what: string) =>
  `// GENERATED by packages/market/scripts/generate-reference-data.ts from the shared reference data (${what}).\n// Do not edit by hand; re-run the script.\n`;
const json = (value: unknown) => JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');
const lines = (rows: unknown[]) => rows.map((r) => `  ${JSON.stringify(r)},`).join('\n');

writeFileSync(
  join(outDir, 'stocks.ts'),
  `${header('bist_stocks.csv')}import type { Stock } from '../types.ts';\n\n/** The 596 listed share classes (KAP list, January 2026) with dashboard sectors. */\nexport const STOCK_ROWS: readonly Stock[] = [\n${lines(stocks)}\n];\n`,
);
writeFileSync(
  join(outDir, 'index-catalogue.ts'),
  `${header('bist_indices.csv, bist_index_members.csv')}import type { IndexCatalogueEntry } from '../types.ts';\n\n/** The 53 catalogued BIST indices with Turkish names and descriptions. */\nexport const INDEX_CATALOGUE: readonly IndexCatalogueEntry[] = [\n${lines(catalogue)}\n];\n\n/** Headline index members, 2026 Q3 snapshot (XU030 ⊆ XU050 ⊆ XU100). */\nexport const HEADLINE_INDEX_MEMBERS = {\n${Object.entries(
    members,
  )
    .map(([code, list]) => `  ${code}: ${JSON.stringify(list)},`)
    .join('\n')}\n} as const satisfies Record<string, readonly string[]>;\n`,
);
writeFileSync(
  join(outDir, 'real-reference.ts'),
  `${header('real_daily/*.csv after dropping _large_moves.csv days and |log return| >= 11.5 %')}import type { CalibrationFigures, RealStockReference } from '../types.ts';\n\n/** Real per-stock anchors for the ${references.length} stocks with real daily bars. */\nexport const REAL_STOCK_REFERENCES: readonly RealStockReference[] = [\n${lines(
    references,
  )}\n];\n\n/** Real XU100 anchors: last close ${xu100Last.close} on ${xu100Last.date}. */\nexport const REAL_XU100_REFERENCE = ${json(
    {
      lastDate: xu100Last.date,
      lastClose: xu100Last.close,
      dailyLogReturnSd: round(seriesSd(xu100List), 5),
      excessKurtosis: round(seriesExcessKurtosis(xu100List), 3),
    },
  )} as const;\n\n/** Real calibration figures (per-stock statistics over ${usable.length} stocks with >= 250 clean days; pairwise correlation over ${windowSymbols.length} stocks × ${commonDates.length} common days, 2023-07 → 2025-07). */\nexport const REAL_CALIBRATION: CalibrationFigures = ${json(calibration)};\n`,
);
// Real trading days: dates with an XU100 bar or with a genuine bar in at least 25 stock files (31 files start in
// 2020, 91 run to 2026-07; either source alone misses a few sessions). Filler rows that repeat the
// previous bar (O = H = L = C and the same volume) are holiday padding and do not count; the Yahoo XU100 series alone
// misses some real sessions (e.g. 25 December).
const barCountByDate = new Map<string, number>();
for (const symbol of realSymbols) {
  const lines = readCsv(join(realDir, `${symbol}.csv`));
  let previousVolume = '';
  for (const [date = '', open, high, low, close, volume = ''] of lines) {
    const filler = open === high && high === low && low === close && volume === previousVolume;
    previousVolume = volume;
    if (!filler) barCountByDate.set(date, (barCountByDate.get(date) ?? 0) + 1);
  }
}
const realTradingDays = [
  ...new Set([
    ...xu100Bars.map((b) => b.date),
    ...[...barCountByDate].filter(([, count]) => count >= 25).map(([date]) => date),
  ]),
].sort();
writeFileSync(
  join(outDir, 'real-trading-days.ts'),
  `${header('dates with a genuine bar in at least half of real_daily/*.csv')}\n/** Days on which BIST really traded, ${realTradingDays[0]} → ${realTradingDays.at(-1)}, for checking the trading calendar against reality. */\nexport const REAL_TRADING_DAYS: readonly string[] = ${JSON.stringify(
    realTradingDays.join(' '),
  )}.split(' ');\n`,
);
console.log(
  `stocks ${stocks.length}, indices ${catalogue.length}, references ${references.length}, usable ${usable.length}, pairwise ${windowSymbols.length}×${commonDates.length}`,
);
console.log(JSON.stringify(calibration, null, 2));
