import { z } from 'zod';
import { REFERENCE_SERIES_CODES } from './reference-series.values.ts';
import { limitParam } from './market.ts';
import {
  amountProblem,
  calendarDateProblem,
  commissionProblem,
  missingFieldProblems,
  moneyProblem,
  noteProblem,
  priceProblem,
  quantityProblem,
  symbolProblem,
  tradeDateProblem,
  TRANSACTION_MESSAGES,
} from './transaction-rules.values.ts';
import {
  ALERT_DIRECTIONS,
  CASH_RULES,
  PERFORMANCE_RANGES,
  TRANSACTION_LIST_MAX_LIMIT,
  TRANSACTION_TYPES,
} from './portfolio.values.ts';

// Portfolio, watchlist and price alerts. Field names are snake_case as in spec §3 (docs/product-spec.md); amounts are TRY,
// rounded to kuruş (2 decimals) once at the edge; percents are percent (1.25 = +1.25 %).

// ───────────────────────────── ledger ─────────────────────────────

const M = TRANSACTION_MESSAGES;

/** A refinement that reports the rule's message (decision 0069: the rules live in transaction-rules.values.ts). */
const rule =
  <T>(problem: (value: T) => string | null) =>
  (value: T, ctx: z.RefinementCtx) => {
    const message = problem(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  };

const noteSchema = z.string({ error: M.noteText }).trim().superRefine(rule(noteProblem));

const isoDateSchema = z.string({ error: M.dateRequired }).superRefine(rule(calendarDateProblem));

const symbolSchema = z
  .string({ error: M.symbolText })
  .trim()
  .superRefine(rule(symbolProblem))
  .transform((value) => value.toUpperCase().replace(/\.IS$/, ''));

/** TRY amounts are kept in whole kuruş: a value is rounded to two decimals after its checks. */
const moneySchema = (label: string, problem: (value: number) => string | null) =>
  z.number({ error: M.moneyNumber(label) }).superRefine(rule(problem));

const toKurus = (value: number) => Math.round(value * 100) / 100;

/**
 * A transaction as the investor enters it. buy/sell: symbol, quantity (whole shares > 0), price (≥ 0.01 TRY per
 * share), commission (≥ 0 TRY, default 0). deposit/withdraw/fee: amount (≥ 0.01 TRY). dividend: symbol and amount
 * (net cash received, ≥ 0.01 TRY). split (bölünme / bedelsiz sermaye artırımı): symbol and quantity = the extra
 * shares received. reverse_split (birleşme / ters bölünme, e.g. 10 old shares become 1): symbol and quantity = the
 * shares taken away (fewer than held: at least one share remains); the cost basis is kept, so the average cost per
 * share rises. `date` is the trade date in Europe/Istanbul, from EARLIEST_TRADE_DATE and not after today (the
 * server checks today). `cash_rule`: see CASH_RULES. Every rule and message: transaction-rules.values.ts.
 */
export const transactionInputSchema = z
  .object({
    type: z.enum(TRANSACTION_TYPES, { error: M.type }),
    date: z.string({ error: M.dateRequired }).superRefine(rule(tradeDateProblem)),
    symbol: symbolSchema.nullish(),
    quantity: z.number({ error: M.quantityNumber }).superRefine(rule(quantityProblem)).nullish(),
    price: moneySchema('Fiyat', priceProblem).transform(toKurus).nullish(),
    commission: moneySchema('Komisyon', commissionProblem).transform(toKurus).nullish(),
    amount: moneySchema('Tutar', amountProblem).transform(toKurus).nullish(),
    note: noteSchema.nullish(),
    cash_rule: z.enum(CASH_RULES, { error: M.cashRule }).nullish(),
  })
  .superRefine((value, ctx) => {
    for (const problem of missingFieldProblems(value))
      ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type TransactionInput = z.infer<typeof transactionInputSchema>;

export const transactionSchema = z.object({
  id: z.number().int(),
  type: z.enum(TRANSACTION_TYPES),
  date: z.string(),
  symbol: z.string().nullable(),
  quantity: z.number().int().nullable(),
  price: z.number().nullable(),
  commission: z.number(),
  amount: z.number().nullable(),
  note: z.string().nullable(),
  /** Signed change of the cash balance caused by this transaction, TRY. */
  cash_effect: z.number(),
  /** Sells: proceeds − commission − average cost × quantity; dividends: +amount; fees: −amount; else null. */
  realized_gain_loss: z.number().nullable(),
  /** Cash balance right after this transaction in ledger order, TRY. */
  cash_after: z.number(),
  /** Written by 'Demo portföy yükle'. */
  is_demo: z.boolean(),
  created_at: z.string(),
});
export type PortfolioTransaction = z.infer<typeof transactionSchema>;

/**
 * GET /api/portfolio/transactions: one page, newest first. `limit` (default TRANSACTION_LIST_DEFAULT_LIMIT, at most
 * TRANSACTION_LIST_MAX_LIMIT); `cursor` is a page's `next_cursor`, for the page after it.
 */
export const transactionListQuerySchema = z.object({
  symbol: symbolSchema.optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
  limit: limitParam(TRANSACTION_LIST_MAX_LIMIT).optional(),
  cursor: z
    .string({ error: 'cursor geçersiz' })
    .regex(/^\d{4}-\d{2}-\d{2}_\d{1,15}$/, 'cursor geçersiz: bir önceki sayfanın next_cursor değeri olmalı')
    .optional(),
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

/**
 * GET /api/portfolio/transactions: newest first (date, then id, descending). `total`: the transactions that match
 * the filter in the whole ledger; `next_cursor`: null on the last page.
 */
export const transactionListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    transactions: z.array(transactionSchema),
    total: z.number().int(),
    next_cursor: z.string().nullable(),
  }),
});
export type TransactionListResponse = z.infer<typeof transactionListResponseSchema>;

/** POST /api/portfolio/transactions (201) and PUT /api/portfolio/transactions/{id} (200). */
export const transactionResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ transaction: transactionSchema }),
});
export type TransactionResponse = z.infer<typeof transactionResponseSchema>;

/**
 * A split, bonus issue or reverse split the market data provider reported for a stock the investor held the day
 * before it (issue #31), not yet in the ledger and not dismissed. The held shares become
 * `shares_after` = ⌊shares_before × numerator / denominator⌋ whole shares on the split's date:
 * - kind 'split' (numerator > denominator): the ledger is offered a 'split' transaction adding `extra_shares`;
 * - kind 'reverse_split' (numerator < denominator, e.g. 1:10): a 'reverse_split' transaction taking `removed_shares`
 *   away. `fraction_dropped` is the part of a new share that is not a whole one (brokers pay it in cash; the ledger
 *   does not record that cash: decision 0062). A reverse split that would leave no whole share is not offered.
 * The cost basis is unchanged either way, so the average cost per share scales by denominator / numerator.
 * Accepting records the transaction; dismissing stores that the investor declined it, so it is not offered again.
 */
export const splitOfferSchema = z.object({
  kind: z.enum(['split', 'reverse_split']),
  symbol: z.string(),
  date: z.string(),
  numerator: z.number(),
  denominator: z.number(),
  shares_before: z.number().int(),
  shares_after: z.number().int(),
  /** split: the shares added (shares_after − shares_before); 0 for a reverse split. */
  extra_shares: z.number().int(),
  /** reverse_split: the shares taken away (shares_before − shares_after); 0 for a split. */
  removed_shares: z.number().int(),
  /** reverse_split: shares_before × numerator / denominator − shares_after (0 ≤ x < 1); 0 for a split. */
  fraction_dropped: z.number(),
  /** Where the split is known from ('yahoo'). */
  source: z.string(),
});
export type SplitOffer = z.infer<typeof splitOfferSchema>;

/** GET /api/portfolio/split-offers. */
export const splitOffersResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ offers: z.array(splitOfferSchema) }),
});

/** POST /api/portfolio/split-offers/accept and /dismiss: the offer of this symbol and date. */
export const splitOfferAcceptSchema = z.object({ symbol: symbolSchema, date: isoDateSchema });
export type SplitOfferAccept = z.infer<typeof splitOfferAcceptSchema>;

/** POST /api/portfolio/split-offers/dismiss (200): the offer declined; it is not offered again. */
export const splitOfferDismissResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ dismissed: splitOfferSchema }),
});

/** `{ id }` path parameters: a positive whole number, refused with the given Turkish message. */
const idParams = (message: string) =>
  z.object({ id: z.coerce.number({ error: message }).int(message).positive(message) });

export const transactionIdParamsSchema = idParams('Geçersiz işlem numarası');

// ───────────────────────────── demo and cash rule ─────────────────────────────

/** POST /api/portfolio/demo (201: the demo ledger into an empty portfolio) and DELETE /api/portfolio/demo. */
export const portfolioDemoResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ count: z.number().int() }),
});

/** PUT /api/portfolio/settings: switching negative cash off is refused (409) while the ledger needs it. */
export const portfolioSettingsSchema = z.object({
  allow_negative_cash: z.boolean({ error: 'allow_negative_cash true veya false olmalı' }),
});
export const portfolioSettingsResponseSchema = z.object({
  success: z.literal(true),
  data: portfolioSettingsSchema,
});

// ───────────────────────────── CSV ─────────────────────────────

export const csvImportRequestSchema = z.object({
  csv: z.string({ error: 'CSV metni gerekli' }).min(1, 'CSV metni gerekli'),
  /** true: the file replaces the whole ledger (e.g. re-importing an export); false (default): rows are appended. */
  replace: z.boolean({ error: 'replace true veya false olmalı' }).optional(),
});
export type CsvImportRequest = z.infer<typeof csvImportRequestSchema>;

export const csvRowIssueSchema = z.object({ field: z.string(), message: z.string() });

export const csvPreviewRowSchema = z.object({
  /** 1-based line number in the file (the header is line 1). */
  line: z.number().int(),
  ok: z.boolean(),
  /** Why the row is bad, one entry per field; empty when ok. */
  errors: z.array(csvRowIssueSchema),
  /** The parsed transaction when the row itself is valid. */
  transaction: z
    .object({
      type: z.enum(TRANSACTION_TYPES),
      date: z.string(),
      symbol: z.string().nullable(),
      quantity: z.number().nullable(),
      price: z.number().nullable(),
      commission: z.number(),
      amount: z.number().nullable(),
      note: z.string().nullable(),
    })
    .nullable(),
});

export const csvPreviewSchema = z.object({
  rows: z.array(csvPreviewRowSchema),
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  invalid_rows: z.number().int(),
  /** When every row is valid but the resulting ledger is not (e.g. a sell of more than held): where and why. */
  ledger_error: z.object({ line: z.number().int().nullable(), message: z.string() }).nullable(),
  /** Errors of the file itself (no header, unknown columns, too many rows). */
  file_errors: z.array(z.string()),
  /** True when `import` with the same body would save. */
  can_import: z.boolean(),
});
export type CsvPreview = z.infer<typeof csvPreviewSchema>;

/** POST /api/portfolio/transactions/import/preview: nothing is saved. */
export const csvPreviewResponseSchema = z.object({ success: z.literal(true), data: csvPreviewSchema });

/** POST /api/portfolio/transactions/import: all rows in one database transaction, or none (400/409). */
export const csvImportResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ imported: z.number().int(), replaced: z.number().int() }),
});

// ───────────────────────────── overview and performance ─────────────────────────────

export const overviewQuerySchema = z.object({
  range: z
    .preprocess(
      (value) =>
        typeof value === 'string' && ['tümü', 'tumu', 'all'].includes(value.toLocaleLowerCase('tr'))
          ? 'ALL'
          : value,
      z.enum(PERFORMANCE_RANGES, { error: 'range 1A, 3A, 6A, 1Y, YTD veya ALL (Tümü) olmalı' }),
    )
    .optional(),
});

export const portfolioOverviewSummarySchema = z.object({
  /** Spec §3. Market value of the open holdings at live prices (cash is `cash_balance`). */
  total_value: z.number(),
  /** Cost basis of the open holdings (weighted average, buy commissions included). */
  total_cost: z.number(),
  /** Unrealised: total_value − total_cost. */
  total_gain_loss: z.number(),
  total_gain_loss_percent: z.number(),
  cash_balance: z.number(),
  /** total_value + cash_balance (what the pie chart shows). */
  net_worth: z.number(),
  /** Deposits − withdrawals. */
  net_contributions: z.number(),
  /** Realised: sells (proceeds − commission − avg cost × qty) + dividends − fees, over the whole ledger. */
  realized_gain_loss: z.number(),
  dividends: z.number(),
  fees: z.number(),
  /** net_worth − net_contributions (= realised + unrealised). */
  total_return: z.number(),
  /**
   * Today's change of the open holdings: shares held from before today × (price − previous close), plus shares
   * bought today × (price − their buy price) — a lot bought today at the current price adds ₺0.
   */
  daily_change: z.number(),
  daily_change_percent: z.number(),
  holdings_count: z.number().int(),
  cash_weight_percent: z.number(),
  range: z.enum(PERFORMANCE_RANGES),
  /** Time-weighted return over the range, percent; null without history in the range. */
  twr_percent: z.number().nullable(),
  /** XU100's return over the same days, percent; null without index closes. */
  benchmark_return_percent: z.number().nullable(),
  /** The ledger holds demo transactions ('Demo portföy yükle'); they are removed together. */
  is_demo: z.boolean(),
  /** The investor's cash rule lets cash go below zero. */
  allow_negative_cash: z.boolean(),
});

export const holdingSchema = z.object({
  symbol: z.string(),
  quantity: z.number().int(),
  /** Weighted-average cost per share, buy commissions included. */
  avg_cost: z.number(),
  current_price: z.number(),
  market_value: z.number(),
  gain_loss: z.number(),
  gain_loss_percent: z.number(),
  company_name: z.string().nullable(),
  sector: z.string().nullable(),
  total_cost: z.number(),
  previous_close: z.number().nullable(),
  /** Today's change of the position (shares bought today measured from their buy price), and its percent. */
  daily_change: z.number(),
  daily_change_percent: z.number(),
  /** Share of net_worth (holdings + cash), percent. */
  weight_percent: z.number(),
  /** Realised P/L of this symbol so far (sells and dividends). */
  realized_gain_loss: z.number(),
  /** False when there is no live quote: current_price is then the last known close or the average cost. */
  price_live: z.boolean(),
});
export type Holding = z.infer<typeof holdingSchema>;

export const performancePointSchema = z.object({
  date: z.string(),
  /** Portfolio value (holdings at that day's close + cash) at the end of the day, TRY. */
  value: z.number(),
  /** Value had every external flow (deposit/withdraw) gone into XU100 instead; null without index closes. */
  benchmark_value: z.number().nullable(),
  /** Deposits − withdrawals on this day. */
  net_flow: z.number(),
  /** Time-weighted return from the start of the range to this day, percent. */
  twr_percent: z.number(),
  /** XU100 return from the start of the range to this day, percent; null without index closes. */
  benchmark_percent: z.number().nullable(),
  /**
   * The same two returns measured in another unit (decision 0063): real (TÜFE-deflated lira), US dollars, gram gold;
   * null where the unit's series does not cover the day.
   */
  real_percent: z.number().nullable(),
  usd_percent: z.number().nullable(),
  gold_percent: z.number().nullable(),
  benchmark_real_percent: z.number().nullable(),
  benchmark_usd_percent: z.number().nullable(),
  benchmark_gold_percent: z.number().nullable(),
});
export type PerformancePoint = z.infer<typeof performancePointSchema>;

/** The range's returns beside the nominal TWR (decision 0063); null where a series does not cover the range. */
export const returnComparisonsSchema = z.object({
  /** TWR with every amount in TÜFE-deflated lira (the CPI as the unit). */
  real_percent: z.number().nullable(),
  usd_percent: z.number().nullable(),
  gold_percent: z.number().nullable(),
  /** The deposit benchmark compounded daily (act/365) over the same days. */
  deposit_percent: z.number().nullable(),
  benchmark_real_percent: z.number().nullable(),
  benchmark_usd_percent: z.number().nullable(),
  benchmark_gold_percent: z.number().nullable(),
  /** The month the latest CPI figure comes from (YYYY-MM), and how the range's last day got its CPI. */
  cpi_month: z.string().nullable(),
  cpi_method: z.enum(['interpolated', 'carried-forward']).nullable(),
  /** Where the CPI came from: shipped (the TÜİK history in the code), import, evds; null when none is loaded. */
  cpi_source: z.string().nullable(),
  deposit_source: z.string().nullable(),
  /** Series without values over the whole range (their figures are null), and CPI months missing inside it. */
  missing: z.array(z.enum(REFERENCE_SERIES_CODES)),
  missing_months: z.array(z.string()),
});
export type ReturnComparisons = z.infer<typeof returnComparisonsSchema>;

export const portfolioOverviewSchema = z.object({
  overview: portfolioOverviewSummarySchema,
  comparisons: returnComparisonsSchema,
  holdings: z.array(holdingSchema),
  performance: z.array(performancePointSchema),
});
export type PortfolioOverview = z.infer<typeof portfolioOverviewSchema>;

/** GET /api/portfolio/overview (spec §3/§7). */
export const portfolioOverviewResponseSchema = z.object({
  success: z.literal(true),
  data: portfolioOverviewSchema,
});

// ───────────────────────────── watchlist ─────────────────────────────

export const watchlistItemSchema = z.object({
  symbol: z.string(),
  /** Live price, null without a quote (the UI shows '---'). */
  price: z.number().nullable(),
  change_percent: z.number().nullable(),
  name: z.string().nullable(),
  sector: z.string().nullable(),
  previous_close: z.number().nullable(),
  volume: z.number().nullable(),
  added_at: z.string(),
});
export type WatchlistItem = z.infer<typeof watchlistItemSchema>;

/** GET /api/watchlist (spec §7: data.watchlist), oldest first. */
export const watchlistResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ watchlist: z.array(watchlistItemSchema) }),
});

export const watchlistAddRequestSchema = z.object({ symbol: symbolSchema });
export const watchlistSymbolParamsSchema = z.object({ symbol: symbolSchema });

/** POST /api/watchlist: 201 when added, 200 when it was already there (idempotent). */
export const watchlistAddResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ item: watchlistItemSchema, created: z.boolean() }),
});
/** DELETE /api/watchlist/{symbol}: 200 either way (idempotent); `removed` says whether it was there. */
export const watchlistRemoveResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ removed: z.boolean() }),
});

// ───────────────────────────── price alerts ─────────────────────────────

export const alertCreateRequestSchema = z.object({
  symbol: symbolSchema,
  direction: z.enum(ALERT_DIRECTIONS, {
    error: "Yön 'above' (üzerine çıkarsa) veya 'below' (altına inerse) olmalı",
  }),
  threshold_price: moneySchema(
    'Eşik fiyat',
    (value) => moneyProblem('Eşik fiyat', value) ?? (value > 0 ? null : 'Eşik fiyat sıfırdan büyük olmalı'),
  ),
  note: noteSchema.nullish(),
});
export type AlertCreateRequest = z.infer<typeof alertCreateRequestSchema>;

export const priceAlertSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  company_name: z.string().nullable(),
  direction: z.enum(ALERT_DIRECTIONS),
  threshold_price: z.number(),
  note: z.string().nullable(),
  status: z.enum(['active', 'triggered']),
  created_at: z.string(),
  triggered_at: z.string().nullable(),
  /** The quote's price that triggered it. */
  triggered_price: z.number().nullable(),
  read_at: z.string().nullable(),
  current_price: z.number().nullable(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;

export const alertIdParamsSchema = idParams('Geçersiz alarm numarası');

/** GET /api/alerts: active first (newest first), then triggered (most recent first). */
export const alertListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ alerts: z.array(priceAlertSchema), unread_count: z.number().int() }),
});
/** POST /api/alerts (201). */
export const alertResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ alert: priceAlertSchema }),
});
/** GET /api/alerts/unread-count: triggered and not read, for the top bar bell. */
export const alertUnreadCountResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ unread_count: z.number().int() }),
});
/** POST /api/alerts/{id}/read and POST /api/alerts/read-all. */
export const alertReadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ updated: z.number().int(), unread_count: z.number().int() }),
});
