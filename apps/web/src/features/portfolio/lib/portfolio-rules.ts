import { amountProblemText, amountValue, readAmount } from '@bist/contracts/values';
import type { Holding, PortfolioOverview, TransactionType } from '@bist/contracts';

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

/** Client-side checks of the buy/sell form, in Turkish; `maxQuantity` limits a sell to what is held. */
export function validateTradeForm(
  values: TradeFormValues,
  options: { today: string; maxQuantity?: number | undefined },
): TradeErrors {
  const errors: TradeErrors = {};
  if (!values.symbol.trim()) errors.symbol = 'Hisse seçin';

  const quantity = amountValue(values.quantity);
  const quantityProblem = amountProblemText('Adet', readAmount(values.quantity));
  if (values.quantity.trim() === '') errors.quantity = 'Adet gerekli';
  else if (quantityProblem) errors.quantity = quantityProblem;
  else if (!Number.isInteger(quantity)) errors.quantity = 'Adet tam sayı olmalı (1 lot = 1 hisse)';
  else if (quantity <= 0) errors.quantity = 'Adet sıfırdan büyük olmalı';
  else if (options.maxQuantity !== undefined && quantity > options.maxQuantity)
    errors.quantity = `En fazla ${options.maxQuantity} adet satılabilir`;

  const price = amountValue(values.price);
  const priceProblem = amountProblemText('Fiyat', readAmount(values.price));
  if (values.price.trim() === '') errors.price = 'Fiyat gerekli';
  else if (priceProblem) errors.price = priceProblem;
  else if (price <= 0) errors.price = 'Fiyat sıfırdan büyük olmalı';

  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors.date = 'Tarih gerekli';
  else if (values.date > options.today) errors.date = 'Tarih bugünden sonra olamaz';

  if (values.commission.trim() !== '') {
    const commission = amountValue(values.commission);
    const commissionProblem = amountProblemText('Komisyon', readAmount(values.commission));
    if (commissionProblem) errors.commission = commissionProblem;
    else if (commission < 0) errors.commission = 'Komisyon negatif olamaz';
  }
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

/** Client-side checks of the cash dialog, in Turkish (the server checks the same and the ledger). */
export function validateCashForm(
  type: CashDialogType,
  values: CashFormValues,
  options: { today: string },
): CashErrors {
  const errors: CashErrors = {};
  const fields = cashFormFields(type);
  if (fields.symbol && !values.symbol.trim()) errors.symbol = 'Hisse seçin';
  if (fields.amount) {
    const amount = amountValue(values.amount);
    const amountProblem = amountProblemText('Tutar', readAmount(values.amount));
    if (values.amount.trim() === '') errors.amount = 'Tutar gerekli';
    else if (amountProblem) errors.amount = amountProblem;
    else if (amount <= 0) errors.amount = 'Tutar sıfırdan büyük olmalı';
  }
  if (fields.quantity) {
    const quantity = amountValue(values.quantity);
    const quantityProblem = amountProblemText('Adet', readAmount(values.quantity));
    if (values.quantity.trim() === '')
      errors.quantity =
        type === 'reverse_split' ? 'Azalan hisse adedi gerekli' : 'Eklenen hisse adedi gerekli';
    else if (quantityProblem) errors.quantity = quantityProblem;
    else if (!Number.isInteger(quantity)) errors.quantity = 'Adet tam sayı olmalı (1 lot = 1 hisse)';
    else if (quantity <= 0) errors.quantity = 'Adet sıfırdan büyük olmalı';
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors.date = 'Tarih gerekli';
  else if (values.date > options.today) errors.date = 'Tarih bugünden sonra olamaz';
  return errors;
}
