// The reference-series CSV of `npm run cli -- import-series <file>` and of the shipped CPI history (decision 0063):
//
//   # lines starting with '#' are notes
//   series,date,value[,published]
//   TUFE,2025-10,3453.09,2025-11-03
//   USDTRY,2025-11-03,42.0150
//
// `series` is one of REFERENCE_SERIES_CODES; `date` is YYYY-MM for the monthly TÜFE and YYYY-MM-DD for the daily
// series; `value` a positive number with a point for decimals (read by `readAmount` with the point convention);
// `published` (optional) the date the source published the value. A bad line is refused with its line number.
import {
  REFERENCE_SERIES,
  REFERENCE_SERIES_CODES,
  readAmount,
  type ReferenceSeriesCode,
} from '@bist/contracts';

export interface SeriesCsvRow {
  code: ReferenceSeriesCode;
  /** YYYY-MM-DD; a monthly value is dated on the first day of its month. */
  date: string;
  value: number;
  publishedAt: string | null;
}

export interface SeriesCsvProblem {
  line: number;
  reason: string;
}

export interface SeriesCsv {
  rows: SeriesCsvRow[];
  problems: SeriesCsvProblem[];
}

const CODES = new Set<string>(REFERENCE_SERIES_CODES);
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function realDay(date: string): boolean {
  if (!DAY.test(date)) return false;
  const d = new Date(`${date}T00:00:00Z`);
  return d.toISOString().slice(0, 10) === date;
}

/** Reads a reference-series CSV; every row is checked and each bad one reported with its line. */
export function parseSeriesCsv(text: string): SeriesCsv {
  const rows: SeriesCsvRow[] = [];
  const problems: SeriesCsvProblem[] = [];
  const seen = new Set<string>();
  let header = false;
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = i + 1;
    const text = raw.trim();
    if (text === '' || text.startsWith('#')) return;
    const cells = text.split(',').map((c) => c.trim());
    if (!header) {
      header = true;
      if (cells[0]?.toLowerCase() === 'series') {
        if (cells[1]?.toLowerCase() !== 'date' || cells[2]?.toLowerCase() !== 'value')
          problems.push({ line, reason: 'the header must be series,date,value[,published]' });
        return;
      }
    }
    if (cells.length < 3 || cells.length > 4) {
      problems.push({
        line,
        reason: `expected 3 or 4 columns (series,date,value[,published]), found ${cells.length}`,
      });
      return;
    }
    const [code, date, valueText, published] = cells as [string, string, string, string | undefined];
    if (!CODES.has(code)) {
      problems.push({
        line,
        reason: `unknown series '${code}' (one of ${REFERENCE_SERIES_CODES.join(', ')})`,
      });
      return;
    }
    const info = REFERENCE_SERIES[code as ReferenceSeriesCode];
    let day: string;
    if (info.frequency === 'monthly') {
      if (!MONTH.test(date)) {
        problems.push({ line, reason: `date '${date}' of the monthly ${code} must be YYYY-MM` });
        return;
      }
      day = `${date}-01`;
    } else {
      if (!realDay(date)) {
        problems.push({ line, reason: `date '${date}' must be a real day, YYYY-MM-DD` });
        return;
      }
      day = date;
    }
    const reading = readAmount(valueText, 'point');
    if (!reading.ok || reading.value <= 0) {
      problems.push({
        line,
        reason: `value '${valueText}' must be a positive number with a point for decimals`,
      });
      return;
    }
    if (published !== undefined && published !== '' && !realDay(published)) {
      problems.push({ line, reason: `published '${published}' must be a real day, YYYY-MM-DD` });
      return;
    }
    const key = `${code}|${day}`;
    if (seen.has(key)) {
      problems.push({ line, reason: `${code} ${date} appears twice` });
      return;
    }
    seen.add(key);
    rows.push({
      code: code as ReferenceSeriesCode,
      date: day,
      value: reading.value,
      publishedAt: published || null,
    });
  });
  return { rows, problems };
}
