/**
 * Money that accumulates (cash, cost basis, P/L, portfolio values) is carried as unrounded doubles through the
 * replay and rounded once, here, when it leaves the server. Prices of ledger rows are stored as entered.
 */
export function roundMoney(valueTry: number): number {
  const rounded = Math.round((valueTry + Number.EPSILON * Math.sign(valueTry)) * 100) / 100;
  return rounded === 0 ? 0 : rounded; // no '-0' in JSON
}

/** Percent figures leave the server with 2 decimals as well. */
export function roundPercent(percent: number): number {
  return roundMoney(percent);
}

/** Comparisons of unrounded money tolerate float noise far below one kuruş. */
export const MONEY_EPSILON_TRY = 1e-6;

/** '₺1.234,56' for Turkish messages. */
export function formatTry(valueTry: number): string {
  return `₺${roundMoney(valueTry).toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
