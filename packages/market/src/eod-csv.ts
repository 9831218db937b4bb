// Parsing of end-of-day price files for the import CLI: text in, rows and line-numbered errors out (no I/O).
// Accepted layouts (header names are case-insensitive, columns in any order):
//   date,open,high,low,close,volume
//   Date,Open,High,Low,Close,Adj Close,Volume      (Yahoo Finance export; Close is used, Adj Close ignored)
// Also tolerated: a UTF-8 BOM, CRLF line ends, quoted fields, ';' as separator with decimal commas (Turkish Excel),
// and DD.MM.YYYY dates. Rows come back sorted by date whatever the file order.

import { readAmount } from '@bist/contracts/values';

/** One valid row. Prices in the file's currency (TRY for BIST), volume in shares. */
export interface EodRow {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export type EodErrorCode =
  | 'bad_symbol'
  | 'missing_columns'
  | 'wrong_field_count'
  | 'bad_date'
  | 'non_numeric'
  | 'non_positive_price'
  | 'high_below_low'
  | 'open_close_outside_range'
  | 'negative_volume'
  | 'duplicate_date'
  | 'no_rows';

/** A rejected line (1-based; 0 for the file name) with a machine code and an English reason. */
export interface EodError {
  line: number;
  code: EodErrorCode;
  reason: string;
}

export interface EodParseResult {
  /** Symbol from the file name (THYAO.csv, THYAO.IS.csv → THYAO), or null when the name gives none. */
  symbol: string | null;
  rows: EodRow[];
  errors: EodError[];
}

/** Symbol from a file name: base name without directories, `.csv` and Yahoo's `.IS`, upper-cased; null if not a ticker. */
export function symbolFromFileName(fileName: string): string | null {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const symbol = base
    .replace(/\.csv$/i, '')
    .replace(/\.IS$/i, '')
    .toUpperCase();
  return /^[A-Z0-9]{2,8}$/.test(symbol) ? symbol : null;
}

function splitFields(line: string, separator: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') {
      if (quoted && line[i + 1] === '"') {
        current += '"';
        i++;
      } else quoted = !quoted;
    } else if (c === separator && !quoted) {
      fields.push(current.trim());
      current = '';
    } else current += c;
  }
  fields.push(current.trim());
  return fields;
}

/** ISO date from 'YYYY-MM-DD' (optionally with a time part) or 'DD.MM.YYYY'; null when not a real calendar date. */
function parseDate(text: string): string | null {
  let iso: string | undefined;
  const isoMatch = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
  const trMatch = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (isoMatch) iso = `${isoMatch[1]}-${isoMatch[2]}-${isoMatch[3]}`;
  else if (trMatch) iso = `${trMatch[3]}-${trMatch[2]}-${trMatch[1]}`;
  if (iso === undefined) return null;
  const ms = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== iso ? null : iso;
}

const REQUIRED = ['date', 'open', 'high', 'low', 'close', 'volume'] as const;

/** Parses an EOD CSV; every bad line is reported with its number and skipped, valid rows are returned sorted by date. */
export function parseEodCsv(text: string, options: { fileName: string }): EodParseResult {
  const symbol = symbolFromFileName(options.fileName);
  const errors: EodError[] = [];
  if (symbol === null) {
    errors.push({
      line: 0,
      code: 'bad_symbol',
      reason: `file name '${options.fileName}' does not give a ticker symbol`,
    });
  }
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  const headerLine = lines[headerIndex] ?? '';
  const separator = headerLine.includes(',') || !headerLine.includes(';') ? ',' : ';';
  const decimalComma = separator === ';';
  const header = splitFields(headerLine, separator).map((h) => h.toLowerCase());
  const column = Object.fromEntries(REQUIRED.map((name) => [name, header.indexOf(name)])) as Record<
    (typeof REQUIRED)[number],
    number
  >;
  const missing = REQUIRED.filter((name) => column[name] < 0);
  if (headerIndex < 0 || missing.length > 0) {
    errors.push({
      line: headerIndex + 1,
      code: 'missing_columns',
      reason: `header must name date, open, high, low, close and volume; missing: ${missing.join(', ')}`,
    });
    return { symbol, rows: [], errors };
  }

  const rowsByDate = new Map<string, EodRow>();
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    if (raw.trim() === '') continue;
    const line = i + 1;
    const fields = splitFields(raw, separator);
    if (fields.length < header.length) {
      errors.push({
        line,
        code: 'wrong_field_count',
        reason: `expected ${header.length} fields, found ${fields.length}`,
      });
      continue;
    }
    const dateText = fields[column.date] ?? '';
    const date = parseDate(dateText);
    if (date === null) {
      errors.push({ line, code: 'bad_date', reason: `bad date '${dateText}' (expected YYYY-MM-DD)` });
      continue;
    }
    const values: Partial<Record<'open' | 'high' | 'low' | 'close' | 'volume', number>> = {};
    let bad: string | undefined;
    for (const name of ['open', 'high', 'low', 'close', 'volume'] as const) {
      const fieldText = fields[column[name]] ?? '';
      // The one amount reader (decision 0055): ';' files the Turkish way ('1.297,5'), ',' files a decimal point.
      const reading = readAmount(fieldText, decimalComma ? 'tr' : 'point');
      if (!reading.ok) {
        bad =
          reading.problem === 'ambiguous'
            ? `${name} reads two ways: '${fieldText}' (write 1.297,5 in ';' files, 1297.5 in ',' files)`
            : `${name} is not a number: '${fieldText}'`;
        break;
      }
      values[name] = reading.value;
    }
    const { open, high, low, close, volume } = values;
    if (
      bad !== undefined ||
      open === undefined ||
      high === undefined ||
      low === undefined ||
      close === undefined ||
      volume === undefined
    ) {
      errors.push({ line, code: 'non_numeric', reason: bad ?? 'missing value' });
      continue;
    }
    if (open <= 0 || high <= 0 || low <= 0 || close <= 0) {
      errors.push({ line, code: 'non_positive_price', reason: 'prices must be positive' });
    } else if (high < low) {
      errors.push({ line, code: 'high_below_low', reason: `high ${high} is below low ${low}` });
    } else if (open > high || open < low || close > high || close < low) {
      errors.push({
        line,
        code: 'open_close_outside_range',
        reason: 'open and close must lie between low and high',
      });
    } else if (volume < 0) {
      errors.push({ line, code: 'negative_volume', reason: `negative volume ${volume}` });
    } else if (rowsByDate.has(date)) {
      errors.push({ line, code: 'duplicate_date', reason: `duplicate date ${date}` });
    } else {
      rowsByDate.set(date, { date, open, high, low, close, volume });
    }
  }
  const rows = [...rowsByDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  if (rows.length === 0 && errors.length === 0)
    errors.push({ line: 0, code: 'no_rows', reason: 'the file has no data rows' });
  return { symbol, rows, errors };
}
