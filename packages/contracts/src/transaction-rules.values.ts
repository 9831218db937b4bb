// The rules of a portfolio transaction as the investor enters it, and their Turkish messages, defined once: the
// request schema (portfolio.ts) checks its fields with these functions, the server adds the day after today with
// `tradeDateAfterTodayProblem`, and the web's forms run `transactionProblems` before sending, so a bad field gets the
// same message from the form, the API and a CSV preview (decision 0069). Plain TypeScript, no zod: the web imports it
// through '@bist/contracts/values'. What needs the market (a known symbol, the BIST tick grid) stays on the server.
import {
  CASH_TRANSACTION_TYPES,
  SYMBOL_TRANSACTION_TYPES,
  TRADE_TRANSACTION_TYPES,
  TRANSACTION_MAX_AMOUNT_TRY,
  TRANSACTION_MAX_QUANTITY,
  TRANSACTION_NOTE_MAX,
  TRANSACTION_TYPES,
  type TransactionType,
} from './portfolio.values.ts';

/** No transaction may be dated before this day. */
export const EARLIEST_TRADE_DATE = '2000-01-01';
/** The smallest price or cash amount, TRY: one kuruş. */
export const TRANSACTION_MIN_AMOUNT_TRY = 0.01;
/** Longest stock code accepted (before '.IS' is dropped). */
export const SYMBOL_MAX_LENGTH = 12;

/** The fields of a transaction input that a rule can refuse. */
export type TransactionField =
  'type' | 'date' | 'symbol' | 'quantity' | 'price' | 'commission' | 'amount' | 'note' | 'cash_rule';

export interface TransactionProblem {
  field: TransactionField;
  message: string;
}

export const TRANSACTION_MESSAGES = {
  type: 'İşlem türü alış, satış, para yatırma, para çekme, temettü, masraf, bölünme veya birleşme (ters bölünme) olmalı',
  dateRequired: 'Tarih gerekli (YYYY-AA-GG)',
  dateFormat: 'Tarih YYYY-AA-GG biçiminde olmalı',
  dateInvalid: 'Geçerli bir tarih girin',
  dateTooOld: `İşlem tarihi ${EARLIEST_TRADE_DATE} tarihinden önce olamaz`,
  dateAfterToday: (today: string) => `İşlem tarihi bugünden (${today}) sonra olamaz`,
  symbolText: 'Hisse kodu metin olmalı',
  symbolRequired: 'Hisse kodu gerekli',
  symbolTooLong: `Hisse kodu en fazla ${SYMBOL_MAX_LENGTH} karakter olabilir`,
  quantityNumber: 'Adet sayı olmalı',
  quantityWhole: 'Adet tam sayı olmalı (1 lot = 1 hisse)',
  quantityPositive: 'Adet sıfırdan büyük olmalı',
  quantityTooLarge: 'Adet çok büyük',
  quantityRequired: 'Adet gerekli',
  splitQuantityRequired: 'Eklenen hisse adedi gerekli',
  reverseSplitQuantityRequired: 'Azalan hisse adedi gerekli',
  moneyNumber: (label: string) => `${label} sayı olmalı`,
  moneyTooLarge: (label: string) => `${label} çok büyük`,
  priceMin: 'Fiyat en az 0,01 ₺ olmalı',
  priceRequired: 'Fiyat gerekli',
  commissionNegative: 'Komisyon negatif olamaz',
  amountMin: 'Tutar en az 0,01 ₺ olmalı',
  amountRequired: 'Tutar gerekli',
  noteText: 'Not metin olmalı',
  noteTooLong: `Not en fazla ${TRANSACTION_NOTE_MAX} karakter olabilir`,
  cashRule: "Nakit kuralı 'auto_deposit' veya 'allow_negative' olmalı",
} as const;

const M = TRANSACTION_MESSAGES;

export function isTransactionType(value: unknown): value is TransactionType {
  return (TRANSACTION_TYPES as readonly unknown[]).includes(value);
}

/** A calendar day written YYYY-MM-DD that exists (no 2026-02-30); null when it is one. */
export function calendarDateProblem(value: string): string | null {
  if (value.trim() === '') return M.dateRequired;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return M.dateFormat;
  const time = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(time) || !new Date(time).toISOString().startsWith(value)) return M.dateInvalid;
  return null;
}

/** A trade date: a calendar day, not before EARLIEST_TRADE_DATE. The day after today needs a clock: see below. */
export function tradeDateProblem(value: string): string | null {
  return calendarDateProblem(value) ?? (value < EARLIEST_TRADE_DATE ? M.dateTooOld : null);
}

/** A trade date after today (YYYY-MM-DD in Europe/Istanbul, the ledger's day). */
export function tradeDateAfterTodayProblem(value: string, today: string): string | null {
  return value > today ? M.dateAfterToday(today) : null;
}

/** A stock code as typed: not blank after trimming, at most SYMBOL_MAX_LENGTH characters. */
export function symbolProblem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return M.symbolRequired;
  if (trimmed.length > SYMBOL_MAX_LENGTH) return M.symbolTooLong;
  return null;
}

/** Whole shares, more than zero, at most TRANSACTION_MAX_QUANTITY. */
export function quantityProblem(value: number): string | null {
  if (!Number.isFinite(value)) return M.quantityNumber;
  if (!Number.isInteger(value)) return M.quantityWhole;
  if (value <= 0) return M.quantityPositive;
  if (value > TRANSACTION_MAX_QUANTITY) return M.quantityTooLarge;
  return null;
}

/** A TRY amount named `label` ('Fiyat', 'Tutar', 'Eşik fiyat', …): a finite number up to TRANSACTION_MAX_AMOUNT_TRY. */
export function moneyProblem(label: string, value: number): string | null {
  if (!Number.isFinite(value)) return M.moneyNumber(label);
  if (value > TRANSACTION_MAX_AMOUNT_TRY) return M.moneyTooLarge(label);
  return null;
}

/** A price per share: at least one kuruş. */
export function priceProblem(value: number): string | null {
  return moneyProblem('Fiyat', value) ?? (value < TRANSACTION_MIN_AMOUNT_TRY ? M.priceMin : null);
}

/** A trade's commission: zero or more. */
export function commissionProblem(value: number): string | null {
  return moneyProblem('Komisyon', value) ?? (value < 0 ? M.commissionNegative : null);
}

/** The cash of a deposit, withdrawal, dividend or fee: at least one kuruş. */
export function amountProblem(value: number): string | null {
  return moneyProblem('Tutar', value) ?? (value < TRANSACTION_MIN_AMOUNT_TRY ? M.amountMin : null);
}

/** A note: at most TRANSACTION_NOTE_MAX characters after trimming. */
export function noteProblem(value: string): string | null {
  return value.trim().length > TRANSACTION_NOTE_MAX ? M.noteTooLong : null;
}

/** The fields a transaction of a type may not leave out (null and undefined count as left out). */
export interface TransactionPresence {
  type: TransactionType;
  symbol?: unknown;
  quantity?: unknown;
  price?: unknown;
  amount?: unknown;
}

/**
 * What a type requires: a symbol for buy, sell, dividend, split and reverse split; quantity and price for buy and
 * sell; the shares added (split) or taken away (reverse split); the amount for deposit, withdraw, dividend and fee.
 */
export function missingFieldProblems(value: TransactionPresence): TransactionProblem[] {
  const problems: TransactionProblem[] = [];
  const need = (field: 'symbol' | 'quantity' | 'price' | 'amount', message: string) => {
    if (value[field] === undefined || value[field] === null) problems.push({ field, message });
  };
  if (SYMBOL_TRANSACTION_TYPES.includes(value.type)) need('symbol', M.symbolRequired);
  if (TRADE_TRANSACTION_TYPES.includes(value.type)) {
    need('quantity', M.quantityRequired);
    need('price', M.priceRequired);
  }
  if (value.type === 'split') need('quantity', M.splitQuantityRequired);
  if (value.type === 'reverse_split') need('quantity', M.reverseSplitQuantityRequired);
  if (CASH_TRANSACTION_TYPES.includes(value.type)) need('amount', M.amountRequired);
  return problems;
}

/** A transaction as a form has it before sending: the type as chosen, numbers already read; null = left out. */
export interface TransactionCandidate {
  type: string;
  date: string;
  symbol?: string | null;
  quantity?: number | null;
  price?: number | null;
  commission?: number | null;
  amount?: number | null;
  note?: string | null;
}

/**
 * Every rule the server applies to a transaction without the market, with today's date: at most one problem a field,
 * the one the API's 400 names for it.
 */
export function transactionProblems(
  candidate: TransactionCandidate,
  options: { today: string },
): TransactionProblem[] {
  const problems: TransactionProblem[] = [];
  const add = (field: TransactionField, message: string | null) => {
    if (message !== null && !problems.some((p) => p.field === field)) problems.push({ field, message });
  };
  const check = <T>(
    field: TransactionField,
    value: T | null | undefined,
    rule: (value: T) => string | null,
  ) => {
    if (value !== null && value !== undefined) add(field, rule(value));
  };
  if (!isTransactionType(candidate.type)) add('type', M.type);
  add('date', tradeDateProblem(candidate.date) ?? tradeDateAfterTodayProblem(candidate.date, options.today));
  check('symbol', candidate.symbol, symbolProblem);
  check('quantity', candidate.quantity, quantityProblem);
  check('price', candidate.price, priceProblem);
  check('commission', candidate.commission, commissionProblem);
  check('amount', candidate.amount, amountProblem);
  check('note', candidate.note, noteProblem);
  if (isTransactionType(candidate.type))
    for (const problem of missingFieldProblems({ ...candidate, type: candidate.type }))
      add(problem.field, problem.message);
  return problems;
}
