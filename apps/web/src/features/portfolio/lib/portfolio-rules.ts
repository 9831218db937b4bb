import { amountProblemText, amountValue, readAmount, transactionProblems } from '@bist/contracts/values';
import type { Holding, PortfolioOverview, TransactionField, TransactionType } from '@bist/contracts';

/** 'Güçlü' above +10 %, 'Zayıf' below −10 %, nothing in between (exactly 10 % gets none). */
export type HoldingBadge = 'strong' | 'weak' | null;

export const BADGE_THRESHOLD_PERCENT = 10;

export function holdingBadge(gainLossPercent: number | null | undefined): HoldingBadge {
  if (typeof gainLossPercent !== 'number' || !Number.isFinite(gainLossPercent)) return null;
  if (Math.abs(gainLossPercent) <= BADGE_THRESHOLD_PERCENT) return null;
  return gainLossPercent > 0 ? 'strong' : 'weak';
}

export interface PieSlice {
  name: string;
  value: number;
  percent: number;
  isCash: boolean;
}

export const CASH_SLICE_NAME = 'Nakit';

/** The allocation pie: one slice per holding with a positive value, plus 'Nakit' when cash > 0. Largest first, cash last. */
export function allocationSlices(
  holdings: readonly Pick<Holding, 'symbol' | 'market_value'>[],
  cashBalance: number,
): PieSlice[] {
  const stocks = holdings
    .filter((h) => h.market_value > 0)
    .map((h) => ({ name: h.symbol, value: h.market_value, isCash: false }))
    .sort((a, b) => b.value - a.value);
  const all =
    cashBalance > 0 ? [...stocks, { name: CASH_SLICE_NAME, value: cashBalance, isCash: true }] : stocks;
  const total = all.reduce((sum, s) => sum + s.value, 0);
  return all.map((s) => ({ ...s, percent: total > 0 ? (s.value / total) * 100 : 0 }));
}

/** True when the investor has recorded nothing: no holdings, no cash, no history (the page shows its empty state). */
export function isEmptyPortfolio(
  data: Pick<PortfolioOverview, 'overview' | 'holdings' | 'performance'> | undefined,
): boolean {
  if (!data) return false;
  return (
    data.holdings.length === 0 &&
    data.overview.cash_balance === 0 &&
    data.performance.every((p) => p.value === 0)
  );
}

/** Today in Europe/Istanbul as YYYY-MM-DD (the ledger's date). */
export function istanbulToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Istanbul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export interface TradeFormValues {
  symbol: string;
  quantity: string;
  price: string;
  date: string;
  commission: string;
}

export type TradeField = keyof TradeFormValues;
export type TradeErrors = Partial<Record<TradeField, string>>;

/** The texts of a transaction form; a field the form does not show is left out. */
export interface TransactionFormTexts {
  date: string;
  symbol?: string;
  quantity?: string;
  price?: string;
  commission?: string;
  amount?: string;
}

export type TransactionFormErrors = Partial<Record<TransactionField, string>>;

const AMOUNT_LABELS = { quantity: 'Adet', price: 'Fiyat', commission: 'Komisyon', amount: 'Tutar' } as const;

/**
 * A transaction form checked as the server checks it (the contracts' `transactionProblems`, decision 0069), after its
 * numbers are read the Turkish way: one message a field, the one the API would answer. `type` is what the form
 * records; an empty number field is left out (the type's 'gerekli' rule speaks for it).
 */
export function transactionFormErrors(
  type: string,
  texts: TransactionFormTexts,
  options: { today: string },
): TransactionFormErrors {
  const errors: TransactionFormErrors = {};
  const read = (field: keyof typeof AMOUNT_LABELS): number | null => {
    const text = texts[field];
    if (text === undefined || text.trim() === '') return null;
    const reading = readAmount(text);
    const problem = amountProblemText(AMOUNT_LABELS[field], reading);
    if (problem) errors[field] = problem;
    return reading.ok ? reading.value : null;
  };
  const candidate = {
    type,
    date: texts.date,
    symbol: texts.symbol ?? null,
    quantity: read('quantity'),
    price: read('price'),
    commission: read('commission'),
    amount: read('amount'),
  };
  for (const problem of transactionProblems(candidate, options)) errors[problem.field] ??= problem.message;
  return errors;
}

/** Client-side checks of the buy/sell form; `maxQuantity` limits a sell to what is held. */
export function validateTradeForm(
  type: TransactionType,
  values: TradeFormValues,
  options: { today: string; maxQuantity?: number | undefined },
): TradeErrors {
  const errors: TradeErrors = transactionFormErrors(type, values, options);
  const quantity = amountValue(values.quantity);
  if (!errors.quantity && options.maxQuantity !== undefined && quantity > options.maxQuantity)
    errors.quantity = `En fazla ${options.maxQuantity} adet satılabilir`;
  return errors;
}

/** A price for an input field: '123,45' (tr-TR, no grouping). */
export function priceInputText(value: number): string {
  return value.toFixed(2).replace('.', ',');
}

/** The transactions the cash dialog records: money in and out, dividends, fees, splits / bonus issues, reverse splits. */
export const CASH_DIALOG_TYPES = [
  'deposit',
  'withdraw',
  'dividend',
  'fee',
  'split',
  'reverse_split',
] as const satisfies readonly TransactionType[];
export type CashDialogType = (typeof CASH_DIALOG_TYPES)[number];

export function isCashDialogType(type: TransactionType): type is CashDialogType {
  return (CASH_DIALOG_TYPES as readonly string[]).includes(type);
}

/** Which fields a type of the cash dialog asks for. */
export function cashFormFields(type: CashDialogType): {
  symbol: boolean;
  amount: boolean;
  quantity: boolean;
} {
  return {
    symbol: type === 'dividend' || type === 'split' || type === 'reverse_split',
    amount: type !== 'split' && type !== 'reverse_split',
    quantity: type === 'split' || type === 'reverse_split',
  };
}

export interface CashFormValues {
  symbol: string;
  amount: string;
  quantity: string;
  date: string;
}

export type CashField = keyof CashFormValues;
export type CashErrors = Partial<Record<CashField, string>>;

/** Client-side checks of the cash dialog: the fields its type shows, checked as the server checks them. */
export function validateCashForm(
  type: CashDialogType,
  values: CashFormValues,
  options: { today: string },
): CashErrors {
  const fields = cashFormFields(type);
  return transactionFormErrors(
    type,
    {
      date: values.date,
      ...(fields.symbol ? { symbol: values.symbol } : {}),
      ...(fields.amount ? { amount: values.amount } : {}),
      ...(fields.quantity ? { quantity: values.quantity } : {}),
    },
    options,
  );
}
