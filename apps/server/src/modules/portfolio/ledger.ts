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
// - Reverse split (birleşme, ters bölünme): quantity = the shares taken away; no cash moves and the cost basis is
//   unchanged, so the average cost per share rises (by the inverse of the ratio). At least one share must remain.
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
      /** A reverse split that would take every share held (or more): at least one must remain. */
      reverseSplit?: true;
    };

/** A ledger that replayed without a violation. */
export interface ValidReplay {
  ok: true;
  /** The state after the last transaction. */
  state: LedgerState;
  /** The transactions in replay order, and each one's effect at the same index. */
  ordered: LedgerTransaction[];
  effects: TransactionEffect[];
  /** checkpoints[k] is the state before ordered[k × LEDGER_CHECKPOINT_EVERY]: where a later change starts from. */
  checkpoints: LedgerState[];
}

export type ReplayResult = ValidReplay | { ok: false; violation: LedgerViolation };

/**
 * Transactions between two kept states. A change replays from the nearest state before it, so its cost is at most
 * this many transactions plus those after the change, whatever the ledger's length (an append costs neither).
 */
export const LEDGER_CHECKPOINT_EVERY = 1_000;

/** What places a transaction in the replay order (a stored row has it too). */
type LedgerOrderKey = Pick<LedgerTransaction, 'tradeDate' | 'id'>;

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

/** Replay order: trade date, then id (the order of writing within a day). */
export function ledgerCompare(a: LedgerOrderKey, b: LedgerOrderKey): number {
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
    case 'reverse_split': {
      const symbol = tx.symbol ?? '';
      const position = state.positions.get(symbol);
      const held = position?.quantity ?? 0;
      // Taking every share away would leave a cost basis with no shares: that holding was paid out (a sell).
      if (!position || quantity >= held) {
        return {
          kind: 'insufficient_shares',
          transactionId: tx.id,
          date: tx.tradeDate,
          symbol,
          requested: quantity,
          held,
          reverseSplit: true,
        };
      }
      position.quantity -= quantity;
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

function ledgerCloneState(state: LedgerState): LedgerState {
  return {
    ...state,
    positions: new Map([...state.positions].map(([symbol, position]) => [symbol, { ...position }])),
    realizedBySymbolTry: new Map(state.realizedBySymbolTry),
  };
}

const EMPTY_REPLAY: ValidReplay = {
  ok: true,
  state: ledgerCreateState(),
  ordered: [],
  effects: [],
  checkpoints: [],
};

/** Replays the whole ledger; stops at the first transaction that may not happen. */
export function ledgerReplay(
  transactions: readonly LedgerTransaction[],
  rules: LedgerRules = STRICT,
): ReplayResult {
  return ledgerReplayTail(EMPTY_REPLAY, 0, ledgerSort(transactions), rules);
}

/**
 * `base` with its transactions from index `from` on replaced by `tail` (in replay order, none before
 * base.ordered[from − 1]). The transactions before `from` are not checked again: the replay starts from the nearest
 * checkpoint at or before `from` (from the final state when `from` is the end), so it costs at most
 * LEDGER_CHECKPOINT_EVERY + tail.length transactions, not the ledger's length. base is left unchanged.
 */
export function ledgerReplayTail(
  base: ValidReplay,
  from: number,
  tail: readonly LedgerTransaction[],
  rules: LedgerRules = STRICT,
): ReplayResult {
  const atEnd = from === base.ordered.length;
  const start = atEnd ? from : Math.floor(from / LEDGER_CHECKPOINT_EVERY) * LEDGER_CHECKPOINT_EVERY;
  const state = ledgerCloneState(atEnd ? base.state : base.checkpoints[start / LEDGER_CHECKPOINT_EVERY]!);
  const checkpoints = base.checkpoints.slice(0, Math.floor(start / LEDGER_CHECKPOINT_EVERY) + 1);
  const ordered = base.ordered.slice(0, from).concat(tail);
  const effects = base.effects.slice(0, from);
  for (let i = start; i < ordered.length; i++) {
    if (i % LEDGER_CHECKPOINT_EVERY === 0 && checkpoints.length === i / LEDGER_CHECKPOINT_EVERY)
      checkpoints.push(ledgerCloneState(state));
    const result = ledgerApply(state, ordered[i]!, rules);
    if (isViolation(result)) return { ok: false, violation: result };
    if (i >= from) effects.push(result);
  }
  return { ok: true, state, ordered, effects, checkpoints };
}

/** The first index of a list in replay order whose item does not sort before `key` (binary search). */
export function ledgerFirstNotBefore(list: readonly LedgerOrderKey[], key: LedgerOrderKey): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (ledgerCompare(list[mid]!, key) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Where `change` starts in a list in replay order, and the list from there on with it applied. */
export interface SortedChange<T> {
  from: number;
  tail: T[];
}

/**
 * Takes the item at `removeIndex` (if any) out of a list in replay order and puts `add` in at their places: the
 * first index the change touches and what follows it. Items added share no id with the list but the removed one.
 */
export function sortedChange<T extends LedgerOrderKey>(
  list: readonly T[],
  removeIndex: number | null,
  add: readonly T[],
): SortedChange<T> {
  const added = [...add].sort(ledgerCompare);
  let from = removeIndex ?? list.length;
  if (added.length > 0) from = Math.min(from, ledgerFirstNotBefore(list, added[0]!));
  const tail: T[] = [];
  let next = 0;
  for (let i = from; i < list.length; i++) {
    if (i === removeIndex) continue;
    while (next < added.length && ledgerCompare(added[next]!, list[i]!) < 0) tail.push(added[next++]!);
    tail.push(list[i]!);
  }
  while (next < added.length) tail.push(added[next++]!);
  return { from, tail };
}

/**
 * The replay of `base` with the transaction at `removeIndex` taken out and `add` put in at their places, replaying
 * only from the first place the change touches (see ledgerReplayTail).
 */
export function ledgerReplayChange(
  base: ValidReplay,
  change: { removeIndex?: number | null; add?: readonly LedgerTransaction[] },
  rules: LedgerRules = STRICT,
): ReplayResult {
  const { from, tail } = sortedChange(base.ordered, change.removeIndex ?? null, change.add ?? []);
  return ledgerReplayTail(base, from, tail, rules);
}

function formatDateTr(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y}`;
}

/** The Turkish message for a refused ledger change. */
export function ledgerViolationMessage(violation: LedgerViolation): string {
  if (violation.kind === 'insufficient_shares' && violation.reverseSplit) {
    return (
      `Birleşme (ters bölünme) en az bir hisse bırakmalı: ${formatDateTr(violation.date)} tarihinde ${violation.symbol} ` +
      `için ${violation.held.toLocaleString('tr-TR')} adet var, ${violation.requested.toLocaleString('tr-TR')} adet ` +
      'düşülmek isteniyor.'
    );
  }
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
