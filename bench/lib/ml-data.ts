// Panels for bench:ml: the embedded universe (the deterministic simulator of @bist/market, as the server's first
// start writes it) or a folder of real end-of-day CSV files.
import fs from 'node:fs';
import path from 'node:path';
import { createSimulator, indexByCode, parseEodCsv, stockBySymbol } from '@bist/market';
import { panelFromBars, type SeriesBars } from '@bist/ml';
import { payloadOfPanel, type PanelPayload } from '../../apps/server/src/jobs/ml-protocol.ts';

/** One instrument's bars on its own ascending dates, as read from the simulator or a CSV file. */
export interface SymbolBars {
  symbol: string;
  sector: string;
  dates: string[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
}

const seriesOf = (b: SymbolBars): SeriesBars => ({
  dates: b.dates,
  open: Float64Array.from(b.open),
  high: Float64Array.from(b.high),
  low: Float64Array.from(b.low),
  close: Float64Array.from(b.close),
  volume: Float64Array.from(b.volume),
});

/** The panel the server's workers take, aligned and checked by @bist/ml exactly as the server builds it. */
function panelPayloadOf(stocks: readonly SymbolBars[], market: SymbolBars): PanelPayload {
  return payloadOfPanel(
    panelFromBars(
      stocks.map((s) => ({ symbol: s.symbol, sector: s.sector, ...seriesOf(s) })),
      seriesOf(market),
    ),
  );
}

export interface BenchDataset {
  name: string;
  description: string;
  panel: PanelPayload;
}

/**
 * The simulated universe (596 stocks) from `startDate` through `untilDate`. The market series is XU100 computed the
 * way the engine does: Σ shares × price over its members (the divisor does not change returns).
 */
export function simulatedDataset(seed: number, startDate: string, untilDate: string): BenchDataset {
  const sim = createSimulator({ seed, startDate });
  const days = sim.dailyBars(untilDate);
  const shares = new Map(sim.models.map((m) => [m.symbol, m.sharesOutstanding]));
  const members = new Set(indexByCode('XU100')?.members ?? []);
  const bySymbol = new Map<
    string,
    { dates: string[]; open: number[]; high: number[]; low: number[]; close: number[]; volume: number[] }
  >();
  const market = {
    symbol: 'XU100',
    sector: '',
    dates: [] as string[],
    open: [] as number[],
    high: [] as number[],
    low: [] as number[],
    close: [] as number[],
    volume: [] as number[],
  };
  for (const day of days) {
    let o = 0;
    let h = 0;
    let l = 0;
    let c = 0;
    let v = 0;
    for (const bar of day.bars) {
      let s = bySymbol.get(bar.symbol);
      if (!s)
        bySymbol.set(bar.symbol, (s = { dates: [], open: [], high: [], low: [], close: [], volume: [] }));
      s.dates.push(day.date);
      s.open.push(bar.openTry);
      s.high.push(bar.highTry);
      s.low.push(bar.lowTry);
      s.close.push(bar.closeTry);
      s.volume.push(bar.volumeShares);
      if (members.has(bar.symbol)) {
        const k = shares.get(bar.symbol) ?? 0;
        o += k * bar.openTry;
        h += k * bar.highTry;
        l += k * bar.lowTry;
        c += k * bar.closeTry;
        v += bar.volumeShares;
      }
    }
    market.dates.push(day.date);
    market.open.push(o);
    market.high.push(h);
    market.low.push(l);
    market.close.push(c);
    market.volume.push(v);
  }
  const stocks: SymbolBars[] = [...bySymbol].map(([symbol, s]) => ({
    symbol,
    sector: stockBySymbol(symbol)?.sector ?? 'Diğer',
    ...s,
  }));
  return {
    name: 'embedded',
    description: `simulated universe (seed ${seed}), ${stocks.length} stocks, ${days[0]?.date ?? '-'} … ${days.at(-1)?.date ?? '-'}`,
    panel: panelPayloadOf(stocks, market),
  };
}

/**
 * Moves listed in the folder's `_large_moves.csv` (symbol,date,close_to_close_return): close-to-close jumps beyond
 * the ±10 % band, i.e. unadjusted corporate actions (splits, bonus issues) rather than trading.
 */
function largeMoves(folder: string): Map<string, Set<string>> {
  const moves = new Map<string, Set<string>>();
  const file = path.join(folder, '_large_moves.csv');
  if (!fs.existsSync(file)) return moves;
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/).slice(1)) {
    const [symbol, date] = line.split(',');
    if (!symbol || !date) continue;
    const dates = moves.get(symbol) ?? new Set<string>();
    dates.add(date);
    moves.set(symbol, dates);
  }
  return moves;
}

/**
 * Removes each listed jump by back-adjusting every earlier bar (prices × close/previous close, volume ÷ it), as a
 * split adjustment would: the jump day's close-to-close return becomes 0 and every other day keeps its real return.
 * Returns how many jumps were removed.
 */
export interface EditableBars {
  dates: readonly string[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
}

export function backAdjust(bars: EditableBars, jumpDates: ReadonlySet<string>): number {
  let removed = 0;
  for (let i = bars.dates.length - 1; i >= 1; i--) {
    if (!jumpDates.has(bars.dates[i]!)) continue;
    const factor = bars.close[i]! / bars.close[i - 1]!;
    if (!Number.isFinite(factor) || factor <= 0) continue;
    for (let j = 0; j < i; j++) {
      bars.open[j] = bars.open[j]! * factor;
      bars.high[j] = bars.high[j]! * factor;
      bars.low[j] = bars.low[j]! * factor;
      bars.close[j] = bars.close[j]! * factor;
      bars.volume[j] = bars.volume[j]! / factor;
    }
    removed += 1;
  }
  return removed;
}

/** The stocks and the market index (XU100) of a folder of end-of-day CSV files, as `csvFolderBars` reads them. */
export interface CsvFolderBars {
  stocks: SymbolBars[];
  market: SymbolBars;
  /** CSV lines the parser refused. */
  rejected: number;
  /** Corporate-action jumps of `_large_moves.csv` back-adjusted away. */
  adjusted: number;
}

/**
 * Every `<SYMBOL>.csv` of a folder (files starting with '_' skipped); XU100.csv is the market index. Jumps listed in
 * `_large_moves.csv` are back-adjusted away (see `backAdjust`), as the calibration of packages/market drops them.
 */
export function csvFolderBars(folder: string): CsvFolderBars {
  const files = fs
    .readdirSync(folder)
    .filter((f) => f.toLowerCase().endsWith('.csv') && !f.startsWith('_'))
    .sort();
  const jumps = largeMoves(folder);
  const stocks: SymbolBars[] = [];
  let market: SymbolBars | null = null;
  let rejected = 0;
  let adjusted = 0;
  for (const file of files) {
    const parsed = parseEodCsv(fs.readFileSync(path.join(folder, file), 'utf8'), { fileName: file });
    rejected += parsed.errors.length;
    if (!parsed.symbol || parsed.rows.length === 0) continue;
    const bars: SymbolBars & EditableBars = {
      symbol: parsed.symbol,
      sector: stockBySymbol(parsed.symbol)?.sector ?? 'Diğer',
      dates: parsed.rows.map((r) => r.date),
      open: parsed.rows.map((r) => r.open),
      high: parsed.rows.map((r) => r.high),
      low: parsed.rows.map((r) => r.low),
      close: parsed.rows.map((r) => r.close),
      volume: parsed.rows.map((r) => r.volume),
    };
    const jumpDates = jumps.get(parsed.symbol);
    if (jumpDates) adjusted += backAdjust(bars, jumpDates);
    if (parsed.symbol === 'XU100') market = bars;
    else stocks.push(bars);
  }
  if (!market) throw new Error(`${folder}: no XU100.csv (the market index) found`);
  return { stocks, market, rejected, adjusted };
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** A data folder as the result files name it: relative to the repository (no machine's absolute path). */
function displayPath(folder: string): string {
  return path.relative(REPO_ROOT, path.resolve(folder)) || '.';
}

/** The panel of a folder of end-of-day CSV files (see `csvFolderBars`). */
export function csvDataset(folder: string): BenchDataset {
  const { stocks, market, rejected, adjusted } = csvFolderBars(folder);
  const panel = panelPayloadOf(stocks, market);
  return {
    name: path.basename(path.resolve(folder)),
    description: `${displayPath(folder)}: ${stocks.length} stocks + XU100, ${panel.dates[0] ?? '-'} … ${panel.dates.at(-1) ?? '-'} (${rejected} rejected CSV lines; ${adjusted} corporate-action jumps of _large_moves.csv back-adjusted)`,
    panel,
  };
}

/** The first `nDates` dates of a panel (a copy): the history as it stood on an earlier day. */
export function truncatedPanel(p: PanelPayload, nDates: number): PanelPayload {
  const n = p.dates.length;
  const keep = Math.max(0, Math.min(n, nDates));
  const cut = (a: Float64Array) => {
    const out = new Float64Array(p.symbols.length * keep);
    for (let s = 0; s < p.symbols.length; s++) out.set(a.subarray(s * n, s * n + keep), s * keep);
    return out;
  };
  return {
    dates: p.dates.slice(0, keep),
    symbols: p.symbols.slice(),
    sectors: p.sectors.slice(),
    open: cut(p.open),
    high: cut(p.high),
    low: cut(p.low),
    close: cut(p.close),
    volume: cut(p.volume),
    marketOpen: p.marketOpen.slice(0, keep),
    marketHigh: p.marketHigh.slice(0, keep),
    marketLow: p.marketLow.slice(0, keep),
    marketClose: p.marketClose.slice(0, keep),
    marketVolume: p.marketVolume.slice(0, keep),
  };
}
