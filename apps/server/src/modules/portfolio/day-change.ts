// 'Bugün' of one position: how much its value moved in the quote's session. Pure.
//
// Shares held since before the session are measured from the previous close; shares bought in the session are
// measured from what was paid for them (their average buy price that day, commission aside), so a lot bought at
// the current price moved ₺0,00 today whatever the previous close was. Sells in the session take shares held from
// before first (what is left of the day's buys stays measured from their buy price).
import type { LedgerTransaction } from './ledger.ts';

export interface DayChange {
  /** Change of today, TRY. */
  changeTry: number;
  /** What the change is measured against (the basis of its percent), TRY. */
  baseTry: number;
}

export function positionDayChange(input: {
  /** Shares held now. */
  quantity: number;
  priceTry: number;
  /** The quote's previous close; null without a quote (then shares held from before count as unchanged). */
  previousCloseTry: number | null;
  /** The position's transactions dated in the quote's session (today) or later, any type. */
  sessionTransactions: readonly Pick<LedgerTransaction, 'type' | 'quantity' | 'priceTry'>[];
}): DayChange {
  const { quantity, priceTry, previousCloseTry } = input;
  let boughtQuantity = 0;
  let boughtCostTry = 0;
  let soldQuantity = 0;
  for (const tx of input.sessionTransactions) {
    if (tx.type === 'buy' && tx.quantity && tx.priceTry !== null) {
      boughtQuantity += tx.quantity;
      boughtCostTry += tx.quantity * tx.priceTry;
    } else if (tx.type === 'sell' && tx.quantity) {
      soldQuantity += tx.quantity;
    }
  }
  const heldBefore = Math.max(0, quantity - boughtQuantity + soldQuantity);
  const fromBefore = Math.min(quantity, Math.max(0, heldBefore - soldQuantity));
  const boughtToday = quantity - fromBefore;
  const averageBuyTry = boughtQuantity > 0 ? boughtCostTry / boughtQuantity : priceTry;
  const previousTry = previousCloseTry ?? priceTry;
  return {
    changeTry: fromBefore * (priceTry - previousTry) + boughtToday * (priceTry - averageBuyTry),
    baseTry: fromBefore * previousTry + boughtToday * averageBuyTry,
  };
}
