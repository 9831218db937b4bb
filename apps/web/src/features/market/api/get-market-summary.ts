import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer, MarketSummary, marketSummarySchema } from '@bist/contracts';
import { TOP_BAR_POLL_MS } from '@bist/contracts/values';
import { useLiveRefreshMs } from '@/lib/use-market-source';
import { apiRequest } from '@/lib/api-client';

export const MARKET_SUMMARY_PATH = '/api/market/summary';

/** The cached value of the summary query: the body's data. */
export const marketSummaryFromBody = (body: Infer<typeof marketSummarySchema>): MarketSummary => body.data;

/** GET /api/market/summary: totals, BIST 100 level and change, movers, sectors. */
export async function getMarketSummary(signal?: AbortSignal): Promise<MarketSummary> {
  return marketSummaryFromBody(
    await apiRequest<Infer<typeof marketSummarySchema>>(MARKET_SUMMARY_PATH, { signal }),
  );
}

export function getMarketSummaryQueryOptions() {
  return queryOptions({
    queryKey: ['market', 'summary'],
    queryFn: ({ signal }) => getMarketSummary(signal),
    // The top bar polls every 30 s; screens that need another rate pass their own refetchInterval.
    refetchInterval: TOP_BAR_POLL_MS,
    // Before market data exists the server answers 404/503: show '---' and do not hammer it.
    retry: false,
  });
}

export function useMarketSummary<T = MarketSummary>(select?: (summary: MarketSummary) => T) {
  const refetchInterval = useLiveRefreshMs(TOP_BAR_POLL_MS);
  return useQuery({ ...getMarketSummaryQueryOptions(), refetchInterval, select });
}
