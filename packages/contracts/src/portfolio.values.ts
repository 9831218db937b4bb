// Portfolio, watchlist and price alerts: the plain values (lists, limits, texts, rules) without zod, so the web app can import them through
// '@bist/contracts/values' without loading a schema. The schemas and their types are in portfolio.ts.

/** Spec §8: what the Portfolio page shows when the overview cannot be loaded. */
export const PORTFOLIO_LOAD_ERROR_MESSAGE = 'Portföy verileri yüklenemedi';

export const TRANSACTION_TYPES = [
  'buy',
  'sell',
  'deposit',
  'withdraw',
  'dividend',
  'fee',
  'split',
  'reverse_split',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Turkish labels for the UI. */
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  buy: 'Alış',
  sell: 'Satış',
  deposit: 'Para yatırma',
  withdraw: 'Para çekme',
  dividend: 'Temettü',
  fee: 'Masraf',
  split: 'Bölünme / bedelsiz',
  reverse_split: 'Birleşme (ters bölünme)',
};

/** Types that name a stock (symbol required). A fee may name one optionally. */
export const SYMBOL_TRANSACTION_TYPES: readonly TransactionType[] = [
  'buy',
  'sell',
  'dividend',
  'split',
  'reverse_split',
];
/** Types whose quantity is shares added or taken away by a corporate action (no price, no cash). */
export const SPLIT_TRANSACTION_TYPES: readonly TransactionType[] = ['split', 'reverse_split'];
/** Types that move shares (quantity and price required). */
export const TRADE_TRANSACTION_TYPES: readonly TransactionType[] = ['buy', 'sell'];
/** Types whose cash effect is `amount` (amount required). */
export const CASH_TRANSACTION_TYPES: readonly TransactionType[] = ['deposit', 'withdraw', 'dividend', 'fee'];

/**
 * What to do when a buy costs more than the recorded cash ('nakit takibi'): record an automatic deposit of the
 * shortfall on the buy's date, or let cash go negative from now on (the account's rule, until switched back).
 * Without a choice such a buy is answered 409 with field `cash_rule`, so the client can ask.
 */
export const CASH_RULES = ['auto_deposit', 'allow_negative'] as const;
export type CashRule = (typeof CASH_RULES)[number];
/** Note of the deposit recorded by `auto_deposit`. */
export const AUTO_DEPOSIT_NOTE = 'Otomatik para yatırma (alış için)';

export const TRANSACTION_NOTE_MAX = 200;
/** Largest quantity in one transaction (whole shares; a BIST lot is one share). */
export const TRANSACTION_MAX_QUANTITY = 1_000_000_000;
/** Largest price / amount accepted, TRY. */
export const TRANSACTION_MAX_AMOUNT_TRY = 1_000_000_000_000;

/** GET /api/portfolio/transactions: transactions per page unless `limit` says otherwise, and the most it may say. */
export const TRANSACTION_LIST_DEFAULT_LIMIT = 100;
export const TRANSACTION_LIST_MAX_LIMIT = 500;

/**
 * CSV layout of import and export. The header row is required; columns are matched by name, in any order;
 * `symbol`, `quantity`, `price`, `commission`, `amount`, `note` may be empty where the type does not use them.
 * - Delimiter: ',' (export) or ';' (Turkish Excel), detected from the header row. Fields may be double-quoted.
 * - Numbers: with ',' a decimal point and no grouping (12.5); with ';' Turkish style, decimal comma and optional
 *   dot grouping (1.234,56). Export always writes ',' and a decimal point, so it round-trips.
 * - date: YYYY-MM-DD or GG.AA.YYYY. type: buy, sell, deposit, withdraw, dividend, fee (or Turkish: alış, satış,
 *   yatırma, çekme, temettü, masraf).
 */
export const CSV_COLUMNS = [
  'date',
  'type',
  'symbol',
  'quantity',
  'price',
  'commission',
  'amount',
  'note',
] as const;
export const CSV_MAX_ROWS = 5_000;
/**
 * Transactions one investor may import per day (Europe/Istanbul), counted as the rows of the ledger recorded since
 * midnight: two full files. A ledger grows by imports far faster than by hand; beyond this the import is refused
 * with 429 until the next day (spec-independent bound, docs/decisions/0048).
 */
export const CSV_IMPORT_MAX_ROWS_PER_DAY = 10_000;
/**
 * Columns a CSV line may have, and characters a line may hold (a note is at most TRANSACTION_NOTE_MAX): both checked
 * while the file is read, before any field past them is built, so a file's cost is bounded by its size and not by
 * rows × columns. A file over either is refused with 400 on `csv`.
 */
export const CSV_MAX_COLUMNS = 20;
export const CSV_MAX_LINE_CHARS = 1_000;

/** Performance ranges: 1, 3, 6 months, 1 year, year to date, since the first transaction ('Tümü'). */
export const PERFORMANCE_RANGES = ['1A', '3A', '6A', '1Y', 'YTD', 'ALL'] as const;
export type PerformanceRange = (typeof PERFORMANCE_RANGES)[number];
export const PERFORMANCE_RANGE_LABELS: Record<PerformanceRange, string> = {
  '1A': '1 Ay',
  '3A': '3 Ay',
  '6A': '6 Ay',
  '1Y': '1 Yıl',
  YTD: 'Yılbaşından beri',
  ALL: 'Tümü',
};
/** Spec §9: the page shows 6 months unless another range is chosen. */
export const DEFAULT_PERFORMANCE_RANGE: PerformanceRange = '6A';

export const ALERT_DIRECTIONS = ['above', 'below'] as const;
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number];
export const ALERT_DIRECTION_LABELS: Record<AlertDirection, string> = {
  above: 'Üzerine çıkarsa',
  below: 'Altına inerse',
};
/** Active (untriggered) alerts one investor may have. */
export const ALERTS_MAX_ACTIVE = 50;
