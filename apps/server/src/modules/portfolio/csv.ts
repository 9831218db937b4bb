// CSV import/export of the ledger. Layout and number rules: CSV_COLUMNS in packages/contracts/src/portfolio.ts.
import { csvCell } from '@/lib/csv-writer';
import {
  CSV_COLUMNS,
  CSV_MAX_COLUMNS,
  CSV_MAX_LINE_CHARS,
  CSV_MAX_ROWS,
  TRANSACTION_TYPES,
  amountProblemText,
  readAmount,
  type AmountConvention,
  type TransactionType,
} from '@bist/contracts';

export type CsvColumn = (typeof CSV_COLUMNS)[number];

export interface CsvRecord {
  /** 1-based line of the row in the file (header = 1). */
  line: number;
  values: Partial<Record<CsvColumn, string>>;
}

export interface CsvTable {
  delimiter: ',' | ';';
  records: CsvRecord[];
  fileErrors: string[];
  /** A line over CSV_MAX_COLUMNS or CSV_MAX_LINE_CHARS (the file was not read past it), or null. */
  shapeError: string | null;
}

/** Characters tokenised between two yields to the event loop (a few milliseconds of work; bench:csv). */
const CHARS_PER_TURN = 16 * 1024;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Splits text into rows of fields (RFC 4180 quoting), remembering the line each row starts on; blank rows are left
 * out. Stops once it holds `maxRows` rows (a file far over the limit is not read to its end), and at the first line
 * over CSV_MAX_COLUMNS columns or CSV_MAX_LINE_CHARS characters: no field past either bound is built (the columns of
 * such a line are only counted, for the message). Yields to the event loop every CHARS_PER_TURN characters.
 */
async function splitRows(
  text: string,
  delimiter: string,
  maxRows: number,
): Promise<{ rows: { line: number; fields: string[] }[]; problem: string | null }> {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let rowStart = 0;
  /** The columns of a line past CSV_MAX_COLUMNS, counted to its end (0: within the bound). */
  let overColumns = 0;
  let nextYield = CHARS_PER_TURN;
  for (let i = 0; i < text.length; i++) {
    if (i >= nextYield) {
      await nextTurn();
      nextYield = i + CHARS_PER_TURN;
    }
    if (overColumns === 0 && i - rowStart >= CSV_MAX_LINE_CHARS)
      return { rows, problem: lineTooLong(rowLine) };
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          if (overColumns === 0) field += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (ch === '\n') line += 1;
        if (overColumns === 0) field += ch;
      }
      continue;
    }
    if (ch === '"' && (overColumns > 0 || field.length === 0)) quoted = true;
    else if (ch === delimiter) {
      if (overColumns > 0) overColumns += 1;
      else if (fields.length + 1 >= CSV_MAX_COLUMNS) overColumns = fields.length + 2;
      else {
        fields.push(field);
        field = '';
      }
    } else if (ch === '\n' || ch === '\r') {
      if (overColumns > 0) return { rows, problem: tooManyColumns(rowLine, overColumns) };
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      fields.push(field);
      if (fields.some((f) => f.trim() !== '')) rows.push({ line: rowLine, fields });
      if (rows.length >= maxRows) return { rows, problem: null };
      fields = [];
      field = '';
      line += 1;
      rowLine = line;
      rowStart = i + 1;
    } else if (overColumns === 0) field += ch;
  }
  if (overColumns > 0) return { rows, problem: tooManyColumns(rowLine, overColumns) };
  if (field.length > 0 || fields.length > 0) {
    fields.push(field);
    if (fields.some((f) => f.trim() !== '')) rows.push({ line: rowLine, fields });
  }
  return { rows, problem: null };
}

const tooManyColumns = (line: number, columns: number) =>
  `Satır ${line} ${columns.toLocaleString('tr-TR')} sütun içeriyor; bir satırda en fazla ${CSV_MAX_COLUMNS} sütun olabilir.`;
const lineTooLong = (line: number) =>
  `Satır ${line} çok uzun; bir satır en fazla ${CSV_MAX_LINE_CHARS.toLocaleString('tr-TR')} karakter olabilir.`;

/**
 * Reads a CSV file for import, yielding to the event loop as it goes. `shapeError` is set (and no row returned) when
 * a line has more than CSV_MAX_COLUMNS columns or CSV_MAX_LINE_CHARS characters: such a file is refused whole.
 */
export async function csvParse(text: string): Promise<CsvTable> {
  const body = text.replace(/^\uFEFF/, '');
  const firstLineEnd = body.search(/[\r\n]/);
  const firstLine = body.slice(
    0,
    firstLineEnd < 0 ? CSV_MAX_LINE_CHARS : Math.min(firstLineEnd, CSV_MAX_LINE_CHARS),
  );
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  // The header, the allowed rows and one more: enough to know the file is too long.
  const { rows, problem } = await splitRows(body, delimiter, CSV_MAX_ROWS + 2);
  if (problem) return { delimiter, records: [], fileErrors: [], shapeError: problem };
  const header = rows.shift();
  const fileErrors: string[] = [];
  if (!header)
    return { delimiter, records: [], fileErrors: ['Dosya boş: başlık satırı bulunamadı.'], shapeError: null };

  const names = header.fields.map((f) => f.trim().toLowerCase());
  const unknown = names.filter((n) => !(CSV_COLUMNS as readonly string[]).includes(n));
  if (unknown.length > 0)
    fileErrors.push(`Bilinmeyen sütun(lar): ${unknown.join(', ')}. Beklenen: ${CSV_COLUMNS.join(',')}`);
  for (const required of ['date', 'type'] as const) {
    if (!names.includes(required))
      fileErrors.push(`'${required}' sütunu eksik. Beklenen başlık: ${CSV_COLUMNS.join(',')}`);
  }
  if (rows.length > CSV_MAX_ROWS) {
    fileErrors.push(
      `En fazla ${CSV_MAX_ROWS.toLocaleString('tr-TR')} satır içe aktarılabilir (dosyada daha fazla var).`,
    );
    return { delimiter, records: [], fileErrors, shapeError: null };
  }
  if (rows.length === 0) fileErrors.push('Dosyada işlem satırı yok.');

  const records = rows.map((row) => {
    const values: Partial<Record<CsvColumn, string>> = {};
    names.forEach((name, i) => {
      if ((CSV_COLUMNS as readonly string[]).includes(name))
        values[name as CsvColumn] = (row.fields[i] ?? '').trim();
    });
    return { line: row.line, values };
  });
  return { delimiter, records, fileErrors, shapeError: null };
}

const TYPE_ALIASES: Record<string, TransactionType> = {
  alış: 'buy',
  alis: 'buy',
  al: 'buy',
  satış: 'sell',
  satis: 'sell',
  sat: 'sell',
  yatırma: 'deposit',
  yatirma: 'deposit',
  'para yatırma': 'deposit',
  'para yatirma': 'deposit',
  çekme: 'withdraw',
  cekme: 'withdraw',
  'para çekme': 'withdraw',
  'para cekme': 'withdraw',
  temettü: 'dividend',
  temettu: 'dividend',
  masraf: 'fee',
  ücret: 'fee',
  ucret: 'fee',
  bölünme: 'split',
  bolunme: 'split',
  bedelsiz: 'split',
  birleşme: 'reverse_split',
  birlesme: 'reverse_split',
  'ters bölünme': 'reverse_split',
  'ters bolunme': 'reverse_split',
};

/** The transaction type of a cell (English or Turkish); an unknown word is returned as is for validation to name. */
export function csvType(value: string): string {
  const key = value.trim().toLocaleLowerCase('tr');
  if ((TRANSACTION_TYPES as readonly string[]).includes(key)) return key;
  return TYPE_ALIASES[key] ?? value;
}

export function csvDate(value: string): string {
  const tr = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value.trim());
  if (tr) return `${tr[3]}-${tr[2]!.padStart(2, '0')}-${tr[1]!.padStart(2, '0')}`;
  return value.trim();
}

/** The convention of a file's number cells: ',' files write a decimal point (our export), ';' files Turkish style. */
function csvConvention(delimiter: ',' | ';'): AmountConvention {
  return delimiter === ';' ? 'tr' : 'point';
}

/**
 * A number cell, read by the one amount reader (readAmount, decision 0055): '' → undefined; with ',' files a decimal
 * point (12.5); with ';' files as typed in Turkish (1.234,56, 12,5 or 12.5; '1,234.56' reads two ways and is
 * refused). Anything unread is returned as the original text so validation names it.
 */
export function csvNumber(value: string, delimiter: ',' | ';'): number | string | undefined {
  const reading = readAmount(value, csvConvention(delimiter));
  if (reading.ok) return reading.value;
  return reading.problem === 'empty' ? undefined : value;
}

const NUMBER_COLUMNS = ['quantity', 'price', 'commission', 'amount'] as const;
const NUMBER_LABELS: Record<(typeof NUMBER_COLUMNS)[number], string> = {
  quantity: 'Adet',
  price: 'Fiyat',
  commission: 'Komisyon',
  amount: 'Tutar',
};

/** The number cells of a record that read two ways ('10,000.50'), each with its field and message. */
export function csvAmbiguousCells(
  record: CsvRecord,
  delimiter: ',' | ';',
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  for (const column of NUMBER_COLUMNS) {
    const reading = readAmount(record.values[column] ?? '', csvConvention(delimiter));
    if (!reading.ok && reading.problem === 'ambiguous')
      problems.push({ field: column, message: amountProblemText(NUMBER_LABELS[column], reading)! });
  }
  return problems;
}

/** An apostrophe protects spreadsheet formulas on export (at the start, and after a ';'); strip it again on import. */
export function csvNote(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  return (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text).replace(/;'([=+\-@\t\r])/g, ';$1');
}

/** The raw candidate for transactionInputSchema from one CSV record. */
export function csvRecordToCandidate(record: CsvRecord, delimiter: ',' | ';'): Record<string, unknown> {
  const v = record.values;
  const candidate: Record<string, unknown> = { type: csvType(v.type ?? ''), date: csvDate(v.date ?? '') };
  if (v.symbol) candidate.symbol = v.symbol;
  for (const column of NUMBER_COLUMNS) {
    const parsed = csvNumber(v[column] ?? '', delimiter);
    if (parsed !== undefined) candidate[column] = parsed;
  }
  const note = csvNote(v.note ?? '');
  if (note !== undefined) candidate.note = note;
  return candidate;
}

export interface CsvExportRow {
  date: string;
  type: TransactionType;
  symbol: string | null;
  quantity: number | null;
  price: number | null;
  commission: number;
  amount: number | null;
  note: string | null;
}

/** The ledger as CSV in the import layout (',' delimiter, decimal point, ISO dates), oldest first. */
export function csvFormat(rows: readonly CsvExportRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) {
    lines.push(
      [row.date, row.type, row.symbol, row.quantity, row.price, row.commission, row.amount, row.note]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
