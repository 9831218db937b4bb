import { z } from 'zod';
import { HISTORY_RANGES, LIVE_DATA_MAX_LIMIT, STOCK_SORT_FIELDS } from './market.values.ts';
import { REFERENCE_SERIES_CODES } from './reference-series.values.ts';

/** Where the figures come from: the deterministic simulator (default) or the real delayed Yahoo feed. */
export const DATA_SOURCES = ['simulated', 'yahoo'] as const;
export const dataSourceSchema = z.enum(DATA_SOURCES);

/** Freshness of the market data, for the 'Veriler gecikmeli' banner. */
export const freshnessSchema = z.object({
  source: dataSourceSchema,
  /** ISO instant of the newest quote. */
  asOf: z.string().nullable(),
  /** True when the provider failed and the server serves its last good data. */
  stale: z.boolean(),
  /** Age of the newest quote in seconds. */
  ageSeconds: z.number().nullable(),
});
export type Freshness = z.infer<typeof freshnessSchema>;

const moverSchema = z.object({
  symbol: z.string(),
  change: z.number(),
  price: z.number(),
  company_name: z.string(),
});
const sectorCountSchema = z.object({ sector: z.string(), count: z.number().int() });

/** GET /api/market/summary (spec §3 plus the computed BIST 100 level and breadth). */
export const marketSummarySchema = z.object({
  success: z.literal(true),
  data: z.object({
    overview: z.object({
      total_stocks: z.number().int(),
      total_sectors: z.number().int(),
      /** Sum of the stocks' market capitalisations, TRY. */
      market_cap: z.number(),
      /** Today's turnover (price × shares) of all stocks, TRY. */
      daily_volume: z.number(),
      total_indices: z.number().int(),
    }),
    performance: z.object({
      bist100_change: z.number(),
      bist100_value: z.number(),
      advancers: z.number().int(),
      decliners: z.number().int(),
      unchanged: z.number().int(),
    }),
    top_gainers: z.array(moverSchema),
    top_losers: z.array(moverSchema),
    sector_distribution: z.array(sectorCountSchema),
    /**
     * Every sector's move today, most rising first: its stocks' capitalisation now over their capitalisation at the
     * previous close (stocks without known shares count equally when none of the sector's shares are known).
     */
    sector_moves: z.array(
      z.object({ sector: z.string(), change_percent: z.number(), count: z.number().int() }),
    ),
    /** The trading date the figures belong to, YYYY-MM-DD. */
    date: z.string(),
    freshness: freshnessSchema,
  }),
});
export type MarketSummary = z.infer<typeof marketSummarySchema>['data'];

/** One row of GET /api/market/live-data (spec §3: symbol, price, changePercent, volume). */
export const liveQuoteSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  sector: z.string(),
  price: z.number(),
  changePercent: z.number(),
  /** Shares traded today. */
  volume: z.number(),
  /** Turnover today, TRY. */
  turnover: z.number(),
});
export type LiveQuote = z.infer<typeof liveQuoteSchema>;

/** A `limit` query parameter: a whole number from 1 to `max`, with Turkish messages naming it. */
export function limitParam(max: number) {
  return z.coerce
    .number({ error: 'limit bir tam sayı olmalı' })
    .int('limit bir tam sayı olmalı')
    .min(1, 'limit en az 1 olmalı')
    .max(max, `limit en fazla ${max} olabilir`);
}

/** GET /api/market/live-data?limit=n: only the n most traded (the dashboard shows five of about 600). */
export const liveDataQuerySchema = z.object({
  limit: limitParam(LIVE_DATA_MAX_LIMIT).optional(),
});

export const liveDataSchema = z.object({
  success: z.literal(true),
  data: z.array(liveQuoteSchema),
  freshness: freshnessSchema,
});

export const STOCK_LIST_MAX_LIMIT = 100;

/** Query of GET /api/stocks/list (spec §7). */
export const stockListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page bir tam sayı olmalı' })
    .int('page bir tam sayı olmalı')
    .min(1, 'page en az 1 olmalı')
    .default(1),
  limit: limitParam(STOCK_LIST_MAX_LIMIT).default(20),
  sector: z.string().trim().max(100).optional(),
  search: z.string().trim().max(100, 'search en fazla 100 karakter olabilir').optional(),
  sort_by: z
    .enum(STOCK_SORT_FIELDS, { error: `sort_by şunlardan biri olmalı: ${STOCK_SORT_FIELDS.join(', ')}` })
    .default('symbol'),
  sort_order: z.enum(['asc', 'desc'], { error: 'sort_order asc veya desc olmalı' }).default('asc'),
});
export type StockListQuery = z.infer<typeof stockListQuerySchema>;

export const stockListItemSchema = z.object({
  symbol: z.string(),
  company_name: z.string(),
  price: z.number(),
  change_percent: z.number(),
  volume: z.number(),
  turnover: z.number(),
  sector: z.string(),
  /** Shares outstanding × price, TRY; null when the shares are not known. */
  market_cap: z.number().nullable(),
  /** Lowest and highest close of the last 52 weeks with today's price, TRY; null without stored history. */
  week52_low: z.number().nullable(),
  week52_high: z.number().nullable(),
});
export type StockListItem = z.infer<typeof stockListItemSchema>;

export const stockListSchema = z.object({
  success: z.literal(true),
  data: z.object({
    stocks: z.array(stockListItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
});

export const sectorsSchema = z.object({
  success: z.literal(true),
  data: z.object({ sectors: z.array(sectorCountSchema) }),
});

/** Tickers are ASCII: upper-case without the Turkish locale (which would turn 'i' into 'İ'), '.IS' dropped. */
export const symbolParamsSchema = z.object({
  symbol: z
    .string()
    .trim()
    .min(1)
    .max(12, 'symbol en fazla 12 karakter olabilir')
    .transform((s) => s.toUpperCase().replace(/\.IS$/, '')),
});

/** GET /api/stocks/{symbol}/profile. */
export const stockProfileSchema = z.object({
  success: z.literal(true),
  data: z.object({
    symbol: z.string(),
    company_name: z.string(),
    sector: z.string(),
    price: z.number(),
    change_percent: z.number(),
    change: z.number(),
    previous_close: z.number(),
    open: z.number(),
    high: z.number(),
    low: z.number(),
    volume: z.number(),
    turnover: z.number(),
    market_cap: z.number().nullable(),
    /** Lowest and highest close of the last 52 weeks. */
    week52_low: z.number().nullable(),
    week52_high: z.number().nullable(),
    /** Average daily shares traded over the last 20 sessions. */
    avg_volume_20d: z.number().nullable(),
    /** Daily price band around the previous close (±10 %, on the tick grid). */
    price_band: z.object({ lower: z.number(), upper: z.number() }),
    tick_size: z.number(),
    indices: z.array(z.string()),
    date: z.string(),
    freshness: freshnessSchema,
  }),
});

export const historyQuerySchema = z.object({
  range: z
    .enum(HISTORY_RANGES, { error: `range şunlardan biri olmalı: ${HISTORY_RANGES.join(', ')}` })
    .default('3A'),
});

export const candleSchema = z.object({
  /** ISO instant for intraday candles, YYYY-MM-DD for daily candles. */
  time: z.string(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});
export type Candle = z.infer<typeof candleSchema>;

/**
 * A daily chart's change from its first close to its last in other units (decision 0063): in US dollars (each close
 * divided by that day's USD/TRY) and in real lira (TÜFE-deflated). A figure is null when its series has no value on
 * the first day (`missing`), on the last day, or — the CPI — has months missing (`missing_months`).
 */
export const rangeUnitsSchema = z.object({
  /** The first and the last candle's day (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  nominal_percent: z.number(),
  real_percent: z.number().nullable(),
  usd_percent: z.number().nullable(),
  /** The lira per dollar each end was converted at; null where USD/TRY has no value for that day. */
  usd_try_from: z.number().nullable(),
  usd_try_to: z.number().nullable(),
  /** The month the last day's CPI rests on (YYYY-MM), and how it got it. */
  cpi_month: z.string().nullable(),
  cpi_method: z.enum(['interpolated', 'carried-forward']).nullable(),
  /** Where each series came from (shipped, yahoo, import, evds); null when none of it is stored. */
  cpi_source: z.string().nullable(),
  usd_source: z.string().nullable(),
  missing: z.array(z.enum(REFERENCE_SERIES_CODES)),
  missing_months: z.array(z.string()),
});
export type RangeUnits = z.infer<typeof rangeUnitsSchema>;

/** GET /api/stocks/{symbol}/history?range= (also /api/indices/{id}/history). */
export const historySchema = z.object({
  success: z.literal(true),
  data: z.object({
    symbol: z.string(),
    range: z.enum(HISTORY_RANGES),
    interval: z.enum(['1m', '5m', '15m', '1d']),
    candles: z.array(candleSchema),
    /**
     * Up to HISTORY_WARMUP_BARS stored candles of the same interval just before the first of `candles`, oldest
     * first: indicators (moving averages, RSI, MACD, Bollinger) are computed over them too, so that they start at
     * the window's first candle instead of `period` candles into it.
     */
    warmup: z.array(candleSchema),
    /** The daily ranges' change in dollars and in real lira; null for intraday ranges and under two candles. */
    units: rangeUnitsSchema.nullable(),
  }),
});

export const indexItemSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  value: z.number(),
  change_percent: z.number(),
  /** Today's turnover of the members, TRY. */
  volume: z.number(),
  /** Members' total capitalisation, TRY. */
  market_cap: z.number(),
  member_count: z.number().int(),
});
export type IndexItem = z.infer<typeof indexItemSchema>;

export const indexListSchema = z.object({
  success: z.literal(true),
  data: z.object({ indices: z.array(indexItemSchema) }),
});

export const indexParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(12)
    .transform((s) => s.toUpperCase()),
});

/** GET /api/indices/{id}/data: the index with its real intraday series (15-minute points). */
export const indexDataSchema = z.object({
  success: z.literal(true),
  data: indexItemSchema.extend({
    previous_close: z.number(),
    high: z.number(),
    low: z.number(),
    date: z.string(),
    intraday: z.array(z.object({ time: z.string(), value: z.number() })),
    members: z.array(z.string()),
  }),
});

/** One member of an index with its move today and its weight in the index where known. */
export const indexMemberSchema = z.object({
  symbol: z.string(),
  company_name: z.string(),
  sector: z.string(),
  price: z.number(),
  change_percent: z.number(),
  /** Shares outstanding × price, TRY; null when the shares are not known. */
  market_cap: z.number().nullable(),
  /**
   * The member's share of the index, percent: its capitalisation over the members' total, as the product computes
   * the level (no free-float factors). Null when its shares are not known.
   */
  weight_percent: z.number().nullable(),
});
export type IndexMember = z.infer<typeof indexMemberSchema>;

/** GET /api/indices/{id}/members: the members, heaviest first (then by symbol). */
export const indexMembersSchema = z.object({
  success: z.literal(true),
  data: z.object({
    code: z.string(),
    members: z.array(indexMemberSchema),
    /** How the weights are known: 'capitalisation' (computed by the product) or 'unknown'. */
    weights: z.enum(['capitalisation', 'unknown']),
    date: z.string(),
  }),
});

/** What the operator chose: 'auto' uses the real provider whenever it answers and the simulator otherwise. */
export const MARKET_FEED_MODES = ['auto', 'simulated', 'yahoo'] as const;
export const marketFeedModeSchema = z.enum(MARKET_FEED_MODES);
export type MarketFeedMode = z.infer<typeof marketFeedModeSchema>;

/** Where stored daily history (and so the models' training data) comes from. */
export const HISTORY_SOURCES = ['simulated', 'real'] as const;
export const historySourceSchema = z.enum(HISTORY_SOURCES);
export type HistorySource = z.infer<typeof historySourceSchema>;

/**
 * GET /api/market/source (public): where every figure on an investor's screen comes from — the live feed in use now,
 * its delay, the stored daily history, what the production models learned from, and which indices are computed by
 * the product rather than published by the provider. The web's source badge, the landing page's claims and the
 * 'models learned from' lines read it.
 */
export const marketSourceSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** The feed the quotes come from now. */
    feed: dataSourceSchema,
    /** What the operator configured (MARKET_FEED or the admin 'Market feed' setting). */
    mode: marketFeedModeSchema,
    /** Human name of the real provider ('Yahoo Finance'); null for the simulator. */
    provider: z.string().nullable(),
    /** Minutes the real quotes lag the exchange (Yahoo: 15); null for the simulator. */
    delay_minutes: z.number().int().nullable(),
    /** ISO instant of the newest quote, null before the first. */
    as_of: z.string().nullable(),
    /** True when the provider failed and the server serves its last good data. */
    stale: z.boolean(),
    /** ISO instant of the last switch between feeds, null when the feed never changed in this process. */
    switched_at: z.string().nullable(),
    /** The stored daily bars the market pages and the models read. */
    history: z.object({
      source: historySourceSchema,
      /** Stocks with at least one stored daily bar. */
      symbols: z.number().int(),
      first_date: z.string().nullable(),
      last_date: z.string().nullable(),
    }),
    /** What the served predictions' models were trained on; null before the first training. */
    models: z
      .object({
        source: historySourceSchema,
        first_date: z.string(),
        last_date: z.string(),
      })
      .nullable(),
    /** Index codes whose values the product computes from members (the rest are the provider's published values). */
    computed_indices: z.array(z.string()),
    /** How often investor screens refresh live data, in ms (the admin 'Screen refresh interval' setting). */
    refresh_interval_ms: z.number().int(),
  }),
});
export type MarketSource = z.infer<typeof marketSourceSchema>['data'];
