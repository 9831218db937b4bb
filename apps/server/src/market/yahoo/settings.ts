import { DataNotFinalError } from '@/market/feed.ts';
import type { RetryPolicy } from './retry.ts';

export interface YahooFeedSettings {
  /** Symbols per quote request (Yahoo answers many per call). */
  quoteBatchSize: number;
  /** Quotes are fetched at most this often; engine ticks in between get the cached snapshots. */
  quoteRefreshMs: number;
  requestsPerMinute: number;
  requestsPerDay: number;
  retry: RetryPolicy;
  /** Consecutive failed operations (each after its retries) before health turns 'degraded' and calls pause. */
  failuresBeforeDegraded: number;
  /** First pause of the circuit once degraded; doubles with every further failure up to the maximum. */
  circuitCooldownMs: number;
  maxCircuitCooldownMs: number;
  /** Yahoo's BIST data is about 15 minutes late: a day's bar is final this long after the session ends. */
  finalDataDelayMs: number;
  /** Chart (history) requests in flight at once. */
  chartConcurrency: number;
}

/**
 * A session costs 12 quote requests a minute (596 stocks + XU100.IS in batches of 50, refreshed once a minute from
 * 10:00 until the day's bar is stored at about 18:30: ≈ 6,100 a day); the day's bar after the close another 12; the
 * first start ≈ 608 (the quotes for shares outstanding, then one chart per stock), which the per-minute limit spreads
 * over about six minutes. The daily limit leaves room for retries and a restart's catch-up.
 */
export const YAHOO_FEED_SETTINGS: YahooFeedSettings = {
  quoteBatchSize: 50,
  quoteRefreshMs: 60_000,
  requestsPerMinute: 100,
  requestsPerDay: 12_000,
  retry: { maxAttempts: 4, baseDelayMs: 1_000, maxDelayMs: 16_000 },
  failuresBeforeDegraded: 2,
  circuitCooldownMs: 60_000,
  maxCircuitCooldownMs: 10 * 60_000,
  finalDataDelayMs: 20 * 60_000,
  chartConcurrency: 4,
};

/** Years of daily history the real feed fetches on its first start (issue #31: at least 5 where the provider has them). */
export const YAHOO_HISTORY_YEARS = 5;

/** A day's bar was asked for before Yahoo's delayed data for it is complete; the engine asks again on a later tick. */
export class YahooDataNotFinalError extends DataNotFinalError {
  constructor(
    readonly date: string,
    readonly finalAt: Date,
  ) {
    super(`Yahoo's data for ${date} is not final before ${finalAt.toISOString()}`);
    this.name = 'YahooDataNotFinalError';
  }
}

/** Calls are paused after repeated failures (the circuit is open) until `retryAt`. */
export class YahooUnavailableError extends Error {
  constructor(
    readonly retryAt: Date,
    readonly lastFailure: string | null,
  ) {
    super(
      `Yahoo Finance unavailable (${lastFailure ?? 'repeated failures'}); next attempt after ${retryAt.toISOString()}`,
    );
    this.name = 'YahooUnavailableError';
  }
}
