// Market data: the plain values (lists, limits, texts, rules) without zod, so the web app can import them through
// '@bist/contracts/values' without loading a schema. The schemas and their types are in market.ts.

/** Largest `limit` of GET /api/market/live-data (more than the universe returns the universe). */
export const LIVE_DATA_MAX_LIMIT = 1000;

export const STOCK_SORT_FIELDS = ['symbol', 'price', 'change', 'volume'] as const;
export type StockSortField = (typeof STOCK_SORT_FIELDS)[number];

export const HISTORY_RANGES = ['1G', '1H', '1A', '3A', '1Y', '5Y'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

/**
 * Candles before a chart's window sent with it (`warmup`), so that the longest indicator the chart offers (a
 * 200-period moving average) starts at the window's first candle.
 */
export const HISTORY_WARMUP_BARS = 200;
