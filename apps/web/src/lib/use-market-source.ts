import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketSource, marketSourceSchema, Infer } from '@bist/contracts';
import { TOP_BAR_POLL_MS } from '@bist/contracts/values';
import { apiRequest, isApiError } from '@/lib/api-client';
import { MARKET_SOURCE_PATH, marketSourceFromBody } from '@/lib/market-source';

/** The cached value of the source query: the body's data (null: the server does not say). */
export const marketSourceQueryFromBody = (body: Infer<typeof marketSourceSchema>): MarketSource | null =>
  marketSourceFromBody(body);

/**
 * GET /api/market/source (public). A server without the route (404) gives null — the screens then claim no real
 * data — rather than an error, so the badge and the polls carry on.
 */
export async function getMarketSource(signal?: AbortSignal): Promise<MarketSource | null> {
  try {
    return marketSourceQueryFromBody(
      await apiRequest<Infer<typeof marketSourceSchema>>(MARKET_SOURCE_PATH, { signal }),
    );
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function getMarketSourceQueryOptions() {
  return queryOptions({
    queryKey: ['market', 'source'],
    queryFn: ({ signal }) => getMarketSource(signal),
    // Asked again at the screens' own rate: a feed switch on the server shows in the badge within one interval.
    refetchInterval: (query) => query.state.data?.refresh_interval_ms ?? TOP_BAR_POLL_MS,
  });
}

/** The market's source, shared by every screen that shows a price (one request, one cache entry). */
export function useMarketSource<T = MarketSource | null>(select?: (source: MarketSource | null) => T) {
  return useQuery({ ...getMarketSourceQueryOptions(), select });
}

const selectRefreshInterval = (source: MarketSource | null) => source?.refresh_interval_ms;

/**
 * How often a screen refreshes its live market data: the admin's 'Screen refresh interval' from the server, or
 * `fallbackMs` (the spec's rate for that screen) until the server has said it, or when it does not.
 */
export function useLiveRefreshMs(fallbackMs: number): number {
  return useMarketSource(selectRefreshInterval).data ?? fallbackMs;
}
