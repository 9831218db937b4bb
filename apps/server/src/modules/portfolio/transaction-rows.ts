// Conversions between a transaction as the API takes it, as it is stored and as the ledger replays it.
import type { TransactionInput, TransactionType } from '@bist/contracts';
import { isOnTick, tickSizeTry } from '@bist/market';
import { formatTry } from '@/lib/money';
import type { LedgerTransaction } from './ledger.ts';
import { PORTFOLIO_MESSAGES } from './portfolio.errors.ts';
import type { NewTransactionRow, TransactionRow } from './portfolio.repository.ts';

/** No transaction may be dated before this day. */
export const EARLIEST_TRADE_DATE = '2000-01-01';

/** A stored row (or one about to be stored, with the id it will get) as the ledger replays it. */
export function toLedger(row: TransactionRow | (NewTransactionRow & { id: number })): LedgerTransaction {
  return {
    id: row.id,
    type: row.type as TransactionType,
    tradeDate: row.tradeDate,
    symbol: row.symbol ?? null,
    quantity: row.quantity ?? null,
    priceTry: row.priceTry ?? null,
    commissionTry: row.commissionTry ?? 0,
    amountTry: row.amountTry ?? null,
    note: row.note ?? null,
  };
}

/** The row to store for an input. Keeps only the fields a type uses, so a stray amount on a buy cannot change the cash. */
export function toRow(input: TransactionInput): NewTransactionRow {
  const trade = input.type === 'buy' || input.type === 'sell';
  const split = input.type === 'split' || input.type === 'reverse_split';
  const usesSymbol = trade || split || input.type === 'dividend' || input.type === 'fee';
  return {
    type: input.type,
    tradeDate: input.date,
    symbol: usesSymbol ? (input.symbol ?? null) : null,
    quantity: trade || split ? (input.quantity ?? null) : null,
    priceTry: trade ? (input.price ?? null) : null,
    commissionTry: trade ? (input.commission ?? 0) : 0,
    amountTry: trade || split ? null : (input.amount ?? null),
    note: input.note ? input.note : null,
  };
}

/**
 * What the market and the calendar refuse in a transaction whose shape zod accepted, each with the field it is
 * about: a trade date after today or before 2000, an unknown symbol, a price off the BIST tick grid. One rule for
 * single transactions and CSV import alike.
 */
export function transactionProblems(
  row: NewTransactionRow,
  context: { today: string; isKnownSymbol: (symbol: string) => boolean },
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (row.tradeDate > context.today)
    problems.push({ field: 'date', message: PORTFOLIO_MESSAGES.futureDate(context.today) });
  if (row.tradeDate < EARLIEST_TRADE_DATE)
    problems.push({ field: 'date', message: PORTFOLIO_MESSAGES.tooOld });
  if (row.symbol && !context.isKnownSymbol(row.symbol))
    problems.push({ field: 'symbol', message: PORTFOLIO_MESSAGES.unknownSymbol(row.symbol) });
  if (row.priceTry !== null && row.priceTry !== undefined && !isOnTick(row.priceTry))
    problems.push({
      field: 'price',
      message: PORTFOLIO_MESSAGES.offTick(formatTry(row.priceTry), formatTry(tickSizeTry(row.priceTry))),
    });
  return problems;
}
