// Importing transactions from a CSV file: every row checked, and the ledger with them, before anything is saved.
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import {
  csvPreviewResponseSchema,
  csvPreviewRowSchema,
  transactionInputSchema,
  type CsvPreview,
  type TransactionType,
} from '@bist/contracts';
import { csvAmbiguousCells, csvParse, csvRecordToCandidate } from './csv.ts';
import {
  ledgerReplay,
  ledgerReplayChange,
  ledgerViolationMessage,
  type LedgerViolation,
  type ValidReplay,
} from './ledger.ts';
import { CsvImportInvalidError, PORTFOLIO_MESSAGES, ledgerViolationError } from './portfolio.errors.ts';
import type { NewTransactionRow } from './portfolio.repository.ts';
import { toLedger, toRow, transactionMarketProblems } from './transaction-rows.ts';

export interface ValidatedRow {
  line: number;
  row: NewTransactionRow;
}

export interface CsvImportCheck {
  /** What the import page shows: every row with its errors, and whether the file can be imported. */
  preview: CsvPreview;
  /** The rows to save, with their lines, when every row is valid. */
  rows: ValidatedRow[];
  /** The first transaction the ledger cannot take, with its line (null: a transaction already stored). */
  violation: { violation: LedgerViolation; line: number | null } | null;
}

/** Rows validated between two yields to the event loop at most (a refused row costs several times a valid one). */
const ROWS_PER_TURN = 50;
/**
 * Milliseconds of checking after which the check yields even within ROWS_PER_TURN: on a busy machine 50 rows can
 * take tens of milliseconds, and every other request waits that long (bench:csv, decision 0048).
 */
const TURN_MS = 4;
/** Preview rows encoded between two yields while the answer is built (a 5,000-row answer is ≈ 1 MB of JSON). */
const ENCODED_ROWS_PER_TURN = 200;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The CSV's rows checked on their own (shape, date, known symbol, tick), before the ledger is involved. */
export interface CsvRowsCheck {
  table: { fileErrors: string[] };
  rows: ValidatedRow[];
  previewRows: CsvPreview['rows'];
}

/**
 * Checks every row of a CSV on its own (shape, date, known symbol, tick), reading and checking it in turns that yield
 * to the event loop so a 5,000-row file never holds up other requests. Needs no ledger, so an import runs it before
 * taking the ledger lock. A line over the column or length bound refuses the whole file (400 on `csv`).
 */
export async function csvRowsCheck(
  csv: string,
  options: { today: string; isKnownSymbol: (symbol: string) => boolean },
): Promise<CsvRowsCheck> {
  const { today } = options;
  const table = await csvParse(csv);
  if (table.shapeError) throw new CsvImportInvalidError(PORTFOLIO_MESSAGES.csvFile(table.shapeError), 'csv');
  const rows: ValidatedRow[] = [];
  const previewRows: CsvPreview['rows'] = [];
  let turnStart = performance.now();
  let rowsThisTurn = 0;
  for (const record of table.records) {
    // A few rows or milliseconds at a time, then other requests get their turn.
    if (rowsThisTurn >= ROWS_PER_TURN || performance.now() - turnStart >= TURN_MS) {
      await nextTurn();
      turnStart = performance.now();
      rowsThisTurn = 0;
    }
    rowsThisTurn += 1;
    const parsed = transactionInputSchema.safeParse(csvRecordToCandidate(record, table.delimiter));
    // A cell that reads two ways ('10,000.50') says so, rather than the schema's 'sayı olmalı'.
    const errors = csvAmbiguousCells(record, table.delimiter);
    let row: NewTransactionRow | null = null;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.') || 'row';
        if (!errors.some((e) => e.field === field)) errors.push({ field, message: issue.message });
      }
    } else {
      row = toRow(parsed.data);
      errors.push(...transactionMarketProblems(row, { today, isKnownSymbol: options.isKnownSymbol }));
    }
    const ok = errors.length === 0 && row !== null;
    if (ok && row) rows.push({ line: record.line, row });
    previewRows.push({
      line: record.line,
      ok,
      errors,
      transaction:
        ok && row
          ? {
              type: row.type as TransactionType,
              date: row.tradeDate,
              symbol: row.symbol ?? null,
              quantity: row.quantity ?? null,
              price: row.priceTry ?? null,
              commission: row.commissionTry ?? 0,
              amount: row.amountTry ?? null,
              note: row.note ?? null,
            }
          : null,
    });
  }
  return { table, rows, previewRows };
}

/**
 * The ledger with the checked rows added to the existing transactions (`existing`: the ledger's replay and largest
 * id; null when the file replaces the ledger), naming the line of the first row it cannot take, and the preview the
 * import page shows. Only the transactions from the file's earliest date on are replayed.
 */
export function csvLedgerCheck(
  checked: CsvRowsCheck,
  existing: { replay: ValidReplay; maxId: number } | null,
  options: { allowNegativeCash: boolean },
): CsvImportCheck {
  const { table, rows, previewRows } = checked;
  const invalid = previewRows.length - rows.length;
  let violation: { violation: LedgerViolation; line: number | null } | null = null;
  if (invalid === 0 && table.fileErrors.length === 0) {
    const firstId = (existing?.maxId ?? 0) + 1;
    const lineById = new Map<number, number>();
    const candidates = rows.map((r, i) => {
      lineById.set(firstId + i, r.line);
      return toLedger({ ...r.row, id: firstId + i });
    });
    const rules = { allowNegativeCash: options.allowNegativeCash };
    const replay = existing
      ? ledgerReplayChange(existing.replay, { add: candidates }, rules)
      : ledgerReplay(candidates, rules);
    if (!replay.ok)
      violation = {
        violation: replay.violation,
        line: lineById.get(replay.violation.transactionId) ?? null,
      };
  }
  const preview: CsvPreview = {
    rows: previewRows,
    total_rows: previewRows.length,
    valid_rows: rows.length,
    invalid_rows: invalid,
    ledger_error: violation
      ? { line: violation.line, message: ledgerViolationMessage(violation.violation) }
      : null,
    file_errors: table.fileErrors,
    can_import: table.fileErrors.length === 0 && invalid === 0 && violation === null,
  };
  return { preview, rows, violation };
}

/** Why a checked CSV may not be imported (400 with the bad lines, 409 for the ledger), or null when it may. */
export function csvImportRefusal(check: CsvImportCheck): Error | null {
  const { preview, violation } = check;
  if (preview.file_errors.length > 0)
    return new CsvImportInvalidError(PORTFOLIO_MESSAGES.csvFile(preview.file_errors.join(' ')), 'csv');
  if (preview.invalid_rows > 0) {
    const bad = preview.rows.filter((r) => !r.ok);
    const sample = bad
      .slice(0, 5)
      .map((r) => `Satır ${r.line}: ${r.errors.map((e) => `${e.field}: ${e.message}`).join(', ')}`)
      .join('; ');
    return new CsvImportInvalidError(PORTFOLIO_MESSAGES.csvInvalid(bad.length, sample), 'csv');
  }
  if (violation) return ledgerViolationError(violation.violation, violation.line);
  return null;
}

/** The rows' slot in the encoded envelope: `rows` is the preview's first field, so its empty list is found first. */
const EMPTY_ROWS = '"rows":[]';

/**
 * The preview route's 200 answer as JSON bytes, built in turns: the envelope once, then the rows ENCODED_ROWS_PER_TURN
 * at a time (each checked against the contract's row schema, as the route's serializer would), yielding between
 * them. Serialising a 5,000-row preview (≈ 1 MB) in one go held the event loop for a few hundred milliseconds.
 */
export async function encodeCsvPreviewAnswer(preview: CsvPreview): Promise<Buffer> {
  const envelope = JSON.stringify(
    z.encode(csvPreviewResponseSchema, { success: true, data: { ...preview, rows: [] } }),
  );
  const slot = envelope.indexOf(EMPTY_ROWS);
  if (slot < 0) throw new Error('the preview envelope has no rows field');
  const rowsSchema = z.array(csvPreviewRowSchema);
  const parts: string[] = [envelope.slice(0, slot + EMPTY_ROWS.length - 1)];
  for (let from = 0; from < preview.rows.length; from += ENCODED_ROWS_PER_TURN) {
    if (from > 0) await nextTurn();
    const chunk = JSON.stringify(
      z.encode(rowsSchema, preview.rows.slice(from, from + ENCODED_ROWS_PER_TURN)),
    );
    parts.push(from > 0 ? ',' : '', chunk.slice(1, -1));
  }
  parts.push(envelope.slice(slot + EMPTY_ROWS.length - 1));
  return Buffer.from(parts.join(''));
}
