// Builders for ledger tests: readable transactions with ids in the order they are written.
import type { LedgerTransaction } from './ledger.ts';

let nextId = 1;

type Extra = Partial<Pick<LedgerTransaction, 'commissionTry' | 'note' | 'id'>>;

function tx(
  fields: Omit<
    LedgerTransaction,
    'id' | 'commissionTry' | 'note' | 'symbol' | 'quantity' | 'priceTry' | 'amountTry'
  > &
    Partial<LedgerTransaction>,
  extra: Extra = {},
): LedgerTransaction {
  return {
    id: extra.id ?? nextId++,
    symbol: null,
    quantity: null,
    priceTry: null,
    amountTry: null,
    ...fields,
    commissionTry: extra.commissionTry ?? fields.commissionTry ?? 0,
    note: extra.note ?? null,
  };
}

export const deposit = (tradeDate: string, amountTry: number, extra?: Extra) =>
  tx({ type: 'deposit', tradeDate, amountTry }, extra);
export const withdraw = (tradeDate: string, amountTry: number, extra?: Extra) =>
  tx({ type: 'withdraw', tradeDate, amountTry }, extra);
export const fee = (tradeDate: string, amountTry: number, extra?: Extra) =>
  tx({ type: 'fee', tradeDate, amountTry }, extra);
export const dividend = (tradeDate: string, symbol: string, amountTry: number, extra?: Extra) =>
  tx({ type: 'dividend', tradeDate, symbol, amountTry }, extra);
export const buy = (tradeDate: string, symbol: string, quantity: number, priceTry: number, extra?: Extra) =>
  tx({ type: 'buy', tradeDate, symbol, quantity, priceTry }, extra);
export const sell = (tradeDate: string, symbol: string, quantity: number, priceTry: number, extra?: Extra) =>
  tx({ type: 'sell', tradeDate, symbol, quantity, priceTry }, extra);
export const split = (tradeDate: string, symbol: string, quantity: number, extra?: Extra) =>
  tx({ type: 'split', tradeDate, symbol, quantity }, extra);
export const reverseSplit = (tradeDate: string, symbol: string, quantity: number, extra?: Extra) =>
  tx({ type: 'reverse_split', tradeDate, symbol, quantity }, extra);
