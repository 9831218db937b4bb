// Conversions between a transaction as the API takes it, as it is stored and as the ledger replays it.
import { tradeDateAfterTodayProblem, type TransactionInput, type TransactionType } from '@bist/contracts';
import { isOnTick, tickSizeTry } from '@bist/market';
import { formatTry } from '@/lib/money';
import type { LedgerTransaction } from './ledger.ts';
import { PORTFOLIO_MESSAGES } from './portfolio.errors.ts';
import type { NewTransactionRow, TransactionRow } from './portfolio.repository.ts';

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
 * What the market and the clock refuse in a transaction the request schema accepted, each with the field it is
 * about: a trade date after today, an unknown symbol, a price off the BIST tick grid. One rule for single
 * transactions and CSV import alike; the rules without the market are the contracts' (decision 0069).
 */
export function transactionMarketProblems(
  row: NewTransactionRow,
  context: { today: string; isKnownSymbol: (symbol: string) => boolean },
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const afterToday = tradeDateAfterTodayProblem(row.tradeDate, context.today);
  if (afterToday) problems.push({ field: 'date', message: afterToday });
  if (row.symbol && !context.isKnownSymbol(row.symbol))
    problems.push({ field: 'symbol', message: PORTFOLIO_MESSAGES.unknownSymbol(row.symbol) });
  if (row.priceTry !== null && row.priceTry !== undefined && !isOnTick(row.priceTry))
    problems.push({
      field: 'price',
      message: PORTFOLIO_MESSAGES.offTick(formatTry(row.priceTry), formatTry(tickSizeTry(row.priceTry))),
    });
  return problems;
}
