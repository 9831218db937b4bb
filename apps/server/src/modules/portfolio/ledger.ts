// The ledger replay: pure functions from transactions to cash, holdings and realised P/L.
//
// Conventions (documented for the API in packages/contracts/src/portfolio.ts):
// - Transactions are applied in (trade date, id) order; the id is the insertion order within a day.
// - Buy: cash −= quantity × price + commission; the commission is part of the cost basis, so the weighted-average
//   cost per share is (previous cost basis + quantity × price + commission) / shares held.
// - Sell: cash += quantity × price − commission; realised P/L = proceeds − commission − average cost × quantity;
//   the average cost of the remaining shares does not change.
// - Dividend: cash += amount (net received), counted as realised income of that symbol.
// - Fee: cash −= amount, counted as a realised loss (a cost of the portfolio, e.g. custody fees).
// - Split / bonus issue (bölünme, bedelsiz): quantity = the extra shares received; no cash moves and the cost basis is
//   unchanged, so the average cost per share falls.
// - Deposit / withdraw: external flows, cash ± amount; not P/L.
// - A sell (or split) may never exceed / precede the shares held at that point. The cash balance may not go below zero
//   unless the investor's cash rule lets it (`allowNegativeCash`: buys recorded without tracking the cash).
// Amounts stay unrounded here; the edge rounds them once (money.ts).
import type { TransactionType } from '@bist/contracts';
import { formatTry, MONEY_EPSILON_TRY } from '@/lib/money';

export interface LedgerTransaction {
  id: number;
  type: TransactionType;
  tradeDate: string;
  symbol: string | null;
  quantity: number | null;
  priceTry: number | null;
  commissionTry: number;
  amountTry: number | null;
  note: string | null;
}

export interface Position {
  symbol: string;
  quantity: number;
  /** Total cost basis of the shares held, buy commissions included. */
  costTry: number;
}

export interface LedgerState {
  cashTry: number;
  positions: Map<string, Position>;
  /** Realised P/L per symbol (sells and dividends). */
  realizedBySymbolTry: Map<string, number>;
  realizedTry: number;
  dividendsTry: number;
  feesTry: number;
  depositsTry: number;
  withdrawalsTry: number;
}

export interface TransactionEffect {
  cashEffectTry: number;
  realizedTry: number | null;
  cashAfterTry: number;
}

export type LedgerViolation =
  | {
      kind: 'insufficient_cash';
      transactionId: number;
      date: string;
      neededTry: number;
      availableTry: number;
      buy: boolean;
    }
  | {
      kind: 'insufficient_shares';
      transactionId: number;
      date: string;
      symbol: string;
      requested: number;
      held: number;
    };

export type ReplayResult =
  | { ok: true; state: LedgerState; effects: Map<number, TransactionEffect>; ordered: LedgerTransaction[] }
  | { ok: false; violation: LedgerViolation };

export function ledgerCreateState(): LedgerState {
  return {
    cashTry: 0,
    positions: new Map(),
    realizedBySymbolTry: new Map(),
    realizedTry: 0,
    dividendsTry: 0,
    feesTry: 0,
    depositsTry: 0,
    withdrawalsTry: 0,
  };
}

export function ledgerCompare(a: LedgerTransaction, b: LedgerTransaction): number {
  if (a.tradeDate !== b.tradeDate) return a.tradeDate < b.tradeDate ? -1 : 1;
  return a.id - b.id;
}

/** Sorted copy in replay order. */
export function ledgerSort(transactions: readonly LedgerTransaction[]): LedgerTransaction[] {
  return [...transactions].sort(ledgerCompare);
}

function addRealized(state: LedgerState, symbol: string | null, amountTry: number): void {
  state.realizedTry += amountTry;
  if (symbol) state.realizedBySymbolTry.set(symbol, (state.realizedBySymbolTry.get(symbol) ?? 0) + amountTry);
}

/** The violation of a transaction that needs more cash than the ledger holds at its date. */
function insufficientCash(
  state: LedgerState,
  tx: LedgerTransaction,
  neededTry: number,
  buy: boolean,
): LedgerViolation {
  return {
    kind: 'insufficient_cash',
    transactionId: tx.id,
    date: tx.tradeDate,
    neededTry,
    availableTry: state.cashTry,
    buy,
  };
}

export interface LedgerRules {
  /** The investor let cash go below zero: no transaction is refused for cash. */
  allowNegativeCash: boolean;
}

const STRICT: LedgerRules = { allowNegativeCash: false };

/** Applies one transaction to the state in place; returns the violation instead when it may not happen. */
export function ledgerApply(
  state: LedgerState,
  tx: LedgerTransaction,
  rules: LedgerRules = STRICT,
): TransactionEffect | LedgerViolation {
  const short = (cashAfterTry: number) => !rules.allowNegativeCash && cashAfterTry < -MONEY_EPSILON_TRY;
  const quantity = tx.quantity ?? 0;
  const priceTry = tx.priceTry ?? 0;
  const amountTry = tx.amountTry ?? 0;
  const commissionTry = tx.commissionTry;
  let cashEffectTry = 0;
  let realizedTry: number | null = null;

  switch (tx.type) {
    case 'deposit':
      cashEffectTry = amountTry;
      state.depositsTry += amountTry;
      break;
    case 'withdraw':
      cashEffectTry = -amountTry;
      if (short(state.cashTry + cashEffectTry)) return insufficientCash(state, tx, amountTry, false);
      state.withdrawalsTry += amountTry;
      break;
    case 'fee':
      cashEffectTry = -amountTry;
      if (short(state.cashTry + cashEffectTry)) return insufficientCash(state, tx, amountTry, false);
      state.feesTry += amountTry;
      realizedTry = -amountTry;
      addRealized(state, tx.symbol, realizedTry);
      break;
    case 'dividend':
      cashEffectTry = amountTry;
      state.dividendsTry += amountTry;
      realizedTry = amountTry;
      addRealized(state, tx.symbol, realizedTry);
      break;
    case 'buy': {
      const symbol = tx.symbol ?? '';
      const costTry = quantity * priceTry + commissionTry;
      if (short(state.cashTry - costTry)) return insufficientCash(state, tx, costTry, true);
      cashEffectTry = -costTry;
      const position = state.positions.get(symbol) ?? { symbol, quantity: 0, costTry: 0 };
      position.quantity += quantity;
      position.costTry += costTry;
      state.positions.set(symbol, position);
      break;
    }
    case 'split': {
      const symbol = tx.symbol ?? '';
      const position = state.positions.get(symbol);
      if (!position) {
        return {
          kind: 'insufficient_shares',
          transactionId: tx.id,
          date: tx.tradeDate,
          symbol,
          requested: quantity,
          held: 0,
        };
      }
      position.quantity += quantity;
      break;
    }
    case 'sell': {
      const symbol = tx.symbol ?? '';
      const position = state.positions.get(symbol);
      const held = position?.quantity ?? 0;
      if (!position || quantity > held) {
        return {
          kind: 'insufficient_shares',
          transactionId: tx.id,
          date: tx.tradeDate,
          symbol,
          requested: quantity,
          held,
        };
      }
      const proceedsTry = quantity * priceTry - commissionTry;
      if (short(state.cashTry + proceedsTry)) return insufficientCash(state, tx, -proceedsTry, false);
      const costSoldTry = quantity === held ? position.costTry : (position.costTry / held) * quantity;
      position.quantity -= quantity;
      position.costTry = position.quantity === 0 ? 0 : position.costTry - costSoldTry;
      if (position.quantity === 0) state.positions.delete(symbol);
      cashEffectTry = proceedsTry;
      realizedTry = proceedsTry - costSoldTry;
      addRealized(state, symbol, realizedTry);
      break;
    }
  }
  state.cashTry += cashEffectTry;
  return { cashEffectTry, realizedTry, cashAfterTry: state.cashTry };
}

export function isViolation(result: TransactionEffect | LedgerViolation): result is LedgerViolation {
  return 'kind' in result;
}

/** Replays the whole ledger; stops at the first transaction that may not happen. */
export function ledgerReplay(
  transactions: readonly LedgerTransaction[],
  rules: LedgerRules = STRICT,
): ReplayResult {
  const ordered = ledgerSort(transactions);
  const state = ledgerCreateState();
  const effects = new Map<number, TransactionEffect>();
  for (const tx of ordered) {
    const result = ledgerApply(state, tx, rules);
    if (isViolation(result)) return { ok: false, violation: result };
    effects.set(tx.id, result);
  }
  return { ok: true, state, effects, ordered };
}

function formatDateTr(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y}`;
}

/** The Turkish message for a refused ledger change. */
export function ledgerViolationMessage(violation: LedgerViolation): string {
  if (violation.kind === 'insufficient_shares') {
    return (
      `Elinizdeki adetten fazla satış yapılamaz: ${formatDateTr(violation.date)} tarihinde ${violation.symbol} için ` +
      `${violation.held.toLocaleString('tr-TR')} adet var, ${violation.requested.toLocaleString('tr-TR')} adet satılmak isteniyor.`
    );
  }
  const what = violation.buy ? 'bu alım için' : 'bu işlem için';
  return (
    `Yetersiz bakiye: ${formatDateTr(violation.date)} tarihinde ${what} ${formatTry(violation.neededTry)} gerekiyor, ` +
    `nakit ${formatTry(Math.max(0, violation.availableTry))}.`
  );
}
