import fs from 'node:fs';
import path from 'node:path';
import { invocationDir } from '@/config/env';
import type { Database } from '@/db/client';
import { systemClock, type Clock } from '@/lib/clock';
import { ReferenceSeriesRepository } from '@/modules/reference-series/reference-series.repository';
import {
  ReferenceSeriesService,
  type SeriesWritten,
} from '@/modules/reference-series/reference-series.service';
import { parseSeriesCsv, type SeriesCsvProblem } from '@/modules/reference-series/series-csv';
import { withCliDatabase } from './cli-database.ts';

export const IMPORT_SERIES_USAGE =
  'Usage: npm run cli -- import-series <file>\n' +
  '  CSV: series,date,value[,published] — series TUFE (date YYYY-MM), USDTRY, EURTRY, GOLD_TRY_GRAM, DEPOSIT_RATE\n' +
  '  (date YYYY-MM-DD); values with a point for decimals; lines starting with # are notes. A file with a bad line\n' +
  '  is refused whole, each bad line named.';

export type SeriesImportResult =
  | { status: 'imported'; written: SeriesWritten[]; missingMonths: string[] }
  | { status: 'refused'; problems: SeriesCsvProblem[] };

/** Imports a reference-series CSV in one pass: every line checked first, nothing stored when one is bad. */
export async function importSeries(
  database: Database,
  clock: Clock,
  text: string,
): Promise<SeriesImportResult> {
  const parsed = parseSeriesCsv(text);
  if (parsed.problems.length > 0) return { status: 'refused', problems: parsed.problems };
  const service = new ReferenceSeriesService(new ReferenceSeriesRepository(database.db), clock);
  const written = await database.db.transaction(async (tx) =>
    new ReferenceSeriesService(new ReferenceSeriesRepository(tx), clock).importRows(parsed.rows, 'import'),
  );
  const tufe = (await service.status()).find((s) => s.code === 'TUFE');
  return { status: 'imported', written, missingMonths: tufe?.missing_months ?? [] };
}

export async function run(args: string[]): Promise<number> {
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(IMPORT_SERIES_USAGE);
    return 2;
  }
  const file = path.resolve(invocationDir(), args[0]!);
  if (!fs.existsSync(file)) {
    console.error(`No such file: ${args[0]!}`);
    return 2;
  }
  const text = fs.readFileSync(file, 'utf8');
  return withCliDatabase(async (_config, database) => {
    const result = await importSeries(database, systemClock, text);
    if (result.status === 'refused') {
      for (const p of result.problems) console.error(`${path.basename(file)}:${p.line}: ${p.reason}`);
      console.error('file refused: nothing was imported');
      return 1;
    }
    for (const w of result.written) console.log(`${w.code}: ${w.values} values, latest ${w.lastDate ?? '-'}`);
    if (result.missingMonths.length > 0)
      console.log(
        `TUFE misses ${result.missingMonths.join(', ')}: real returns stay empty until they are imported`,
      );
    return 0;
  });
}
