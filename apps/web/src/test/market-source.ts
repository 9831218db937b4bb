import type { MarketSource } from '@bist/contracts';

/** A GET /api/market/source answer in the contract's shape (marketSourceSchema): the real, delayed feed by default. */
export function marketSourceData(overrides: Partial<MarketSource> = {}): MarketSource {
  return {
    feed: 'yahoo',
    mode: 'auto',
    provider: 'Yahoo Finance',
    delay_minutes: 15,
    as_of: '2026-11-27T12:42:10.000Z',
    stale: false,
    switched_at: null,
    history: { source: 'real', symbols: 596, first_date: '2021-11-29', last_date: '2026-11-26' },
    models: { source: 'real', first_date: '2021-11-29', last_date: '2026-11-26' },
    computed_indices: [],
    refresh_interval_ms: 30_000,
    ...overrides,
  };
}

/** The simulator's answer: no provider, no delay, simulated history and models, every index computed. */
export function simulatedSourceData(overrides: Partial<MarketSource> = {}): MarketSource {
  return marketSourceData({
    feed: 'simulated',
    mode: 'simulated',
    provider: null,
    delay_minutes: null,
    history: { source: 'simulated', symbols: 596, first_date: '2025-11-28', last_date: '2026-11-26' },
    models: { source: 'simulated', first_date: '2025-11-28', last_date: '2026-11-26' },
    computed_indices: ['XU100', 'XU030', 'XBANK'],
    ...overrides,
  });
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A fetch that answers /api/market/source with `source` (null: 404, as a server without the route) and every other
 * path from `others` by its path prefix, else 404.
 */
export function sourceFetch(
  source: MarketSource | null,
  others: Record<string, unknown> = {},
): (input: RequestInfo | URL) => Promise<Response> {
  return (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('/api/market/source'))
      return Promise.resolve(
        source
          ? json(200, { success: true, data: source })
          : json(404, { success: false, error: 'Route GET:/api/market/source not found' }),
      );
    const match = Object.keys(others).find((prefix) => url.startsWith(prefix));
    return Promise.resolve(
      match ? json(200, others[match]) : json(404, { success: false, error: 'not found' }),
    );
  };
}
