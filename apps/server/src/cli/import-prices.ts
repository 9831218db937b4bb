import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createSimulator, parseEodCsv, stockBySymbol, indexByCode } from '@bist/market';
import { ConfigError, invocationDir, loadConfig, type AppConfig } from '@/config/env';
import { migrateDatabase, openDatabase, type Database } from '@/db/client';
import { systemClock, type Clock } from '@/lib/clock';
import { MarketRepository, type StoredDailyBar } from '@/market/market.repository';
import { ANCHORS_KEY, createFeedProvider, simulationState } from '@/market/create-engine';
import { MarketEngine } from '@/market/engine';
import type { PriceAnchor } from '@/market/simulated-feed';

export const IMPORT_PRICES_USAGE =
  'Usage: npm run cli -- import-prices <files or folders…> [--skip-bad-rows]\n' +
  '  CSV per symbol: date,open,high,low,close,volume (or Yahoo export: Date,Open,High,Low,Close,Adj Close,Volume).\n' +
  '  Each file is one transaction: a file with a bad row is refused whole unless --skip-bad-rows.';

export interface FileReport {
  file: string;
  symbol: string | null;
  status: 'imported' | 'refused' | 'skipped';
  rows: number;
  firstDate?: string;
  lastDate?: string;
  /** Each bad row with its line, or the reason the file was skipped. */
  problems: string[];
}

export interface ImportSummary {
  files: FileReport[];
  importedRows: number;
  /** Symbols whose simulated days after the import were rescaled to continue from the real last close. */
  anchored: string[];
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Lists the CSV files named directly or found (non-recursively) in the named folders; '_'-prefixed files are notes. */
export function collectCsvFiles(inputs: readonly string[]): string[] {
  const files: string[] = [];
  for (const input of inputs) {
    const stat = fs.statSync(input, { throwIfNoEntry: false });
    if (!stat) throw new Error(`No such file or folder: ${input}`);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(input).sort()) {
        if (name.toLowerCase().endsWith('.csv') && !name.startsWith('_')) files.push(path.join(input, name));
      }
    } else files.push(input);
  }
  return files;
}

/**
 * Imports EOD files into daily_bars, one transaction per file. Afterwards, for the simulated feed, each imported
 * symbol's simulated days after its last real day are rescaled so the price continues from the real close, and the
 * index bars of the affected days are recomputed from their members.
 */
export async function importPrices(
  database: Database,
  config: AppConfig,
  clock: Clock,
  files: readonly string[],
  options: { skipBadRows?: boolean } = {},
): Promise<ImportSummary> {
  const reports: FileReport[] = [];
  const imported = new Map<string, { first: string; last: StoredDailyBar }>();
  for (const file of files) {
    const parsed = parseEodCsv(fs.readFileSync(file, 'utf8'), { fileName: path.basename(file) });
    const report: FileReport = { file, symbol: parsed.symbol, status: 'skipped', rows: 0, problems: [] };
    reports.push(report);
    const problems = parsed.errors.map((e) => `${path.basename(file)}:${e.line}: ${e.reason}`);
    if (!parsed.symbol) {
      report.problems = problems;
      continue;
    }
    if (indexByCode(parsed.symbol)) {
      report.problems.push(
        `${parsed.symbol} is an index: indices are computed from their members, not imported`,
      );
      continue;
    }
    if (!stockBySymbol(parsed.symbol)) {
      report.problems.push(`${parsed.symbol} is not a listed stock of the universe`);
      continue;
    }
    if (problems.length > 0 && !options.skipBadRows) {
      report.status = 'refused';
      report.problems = [...problems, 'file refused: fix the rows above or pass --skip-bad-rows'];
      continue;
    }
    report.problems = problems;
    if (parsed.rows.length === 0) continue;
    const symbol = parsed.symbol;
    const rows: StoredDailyBar[] = parsed.rows.map((r) => ({
      symbol,
      date: r.date,
      openTry: r.open,
      highTry: r.high,
      lowTry: r.low,
      closeTry: r.close,
      volumeShares: r.volume,
      turnoverTry: Math.round(r.volume * ((r.open + r.high + r.low + r.close) / 4)),
      source: 'import',
    }));
    await database.db.transaction(async (tx) => {
      await new MarketRepository(tx).upsertDailyBars(rows);
    });
    report.status = 'imported';
    report.rows = rows.length;
    report.firstDate = rows[0]!.date;
    report.lastDate = rows.at(-1)!.date;
    const last = rows.at(-1)!;
    imported.set(symbol, { first: rows[0]!.date, last });
  }

  const anchored =
    // The simulated days after an import join it without a jump (only over simulated history).
    imported.size > 0 && (await new MarketRepository(database.db).hasDailyBarsOf('simulated'))
      ? await reanchorSimulation(database, config, clock, imported)
      : [];
  return { files: reports, importedRows: reports.reduce((sum, r) => sum + r.rows, 0), anchored };
}

async function reanchorSimulation(
  database: Database,
  config: AppConfig,
  clock: Clock,
  imported: Map<string, { first: string; last: StoredDailyBar }>,
): Promise<string[]> {
  const repo = new MarketRepository(database.db);
  const lastStored = await repo.latestDailyDate();
  if (!lastStored) return [];
  const sim = await simulationState(repo, config, clock, quiet);
  const raw = createSimulator({ seed: sim.seed, startDate: sim.startDate });
  const anchors = (await repo.getState<Record<string, PriceAnchor>>(ANCHORS_KEY)) ?? {};
  const anchored: string[] = [];
  for (const [symbol, { last }] of imported) {
    const simulatedClose = last.date >= sim.startDate ? raw.barOn(symbol, last.date)?.closeTry : undefined;
    if (simulatedClose && last.date < lastStored) {
      anchors[symbol] = { date: last.date, factor: last.closeTry / simulatedClose };
      anchored.push(symbol);
    }
  }
  await repo.setState(ANCHORS_KEY, anchors);
  // Regenerate the simulated days after each anchor with the new scale, then the index bars of the whole range.
  const provider = await createFeedProvider('simulated', repo, config, clock, quiet);
  let earliest = lastStored;
  for (const symbol of anchored) {
    const anchor = anchors[symbol]!;
    const regenerated = (await provider.dailyBars([symbol], anchor.date, lastStored)).get(symbol) ?? [];
    const rows: StoredDailyBar[] = regenerated
      .filter((b) => b.date > anchor.date)
      .map((b) => ({
        symbol,
        ...b,
        turnoverTry: Math.round(b.volumeShares * ((b.openTry + b.highTry + b.lowTry + b.closeTry) / 4)),
        source: 'simulated',
      }));
    await database.db.transaction(async (tx) => {
      const r = new MarketRepository(tx);
      await r.deleteDailyBarsAfter(symbol, anchor.date, 'simulated');
      await r.upsertDailyBars(rows);
    });
  }
  for (const { first } of imported.values()) if (first < earliest) earliest = first;
  const engine = new MarketEngine({ repo, provider, clock, log: quiet });
  // Indices are computed over the simulation's range only: before it, most members have no bars at all.
  await engine.writeIndexBars(earliest > sim.startDate ? earliest : sim.startDate, lastStored);
  return anchored;
}

export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'skip-bad-rows': { type: 'boolean' } },
  });
  if (positionals.length === 0) {
    console.error(IMPORT_PRICES_USAGE);
    return 2;
  }
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const files = collectCsvFiles(positionals.map((p) => path.resolve(invocationDir(), p)));
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await migrateDatabase(database);
    const started = Date.now();
    const summary = await importPrices(database, config, systemClock, files, {
      skipBadRows: values['skip-bad-rows'] ?? false,
    });
    for (const report of summary.files) {
      const range = report.firstDate ? ` ${report.firstDate} → ${report.lastDate}` : '';
      console.log(`${report.status.padEnd(8)} ${path.basename(report.file)}: ${report.rows} rows${range}`);
      for (const problem of report.problems) console.log(`         ${problem}`);
    }
    const refused = summary.files.filter((f) => f.status === 'refused').length;
    console.log(
      `\n${summary.importedRows} rows from ${summary.files.filter((f) => f.status === 'imported').length} files imported, ` +
        `${refused} refused, ${summary.files.filter((f) => f.status === 'skipped').length} skipped in ${((Date.now() - started) / 1000).toFixed(1)} s` +
        (summary.anchored.length
          ? `; simulated days after the real data rescaled for ${summary.anchored.length} symbols`
          : ''),
    );
    return refused > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}
