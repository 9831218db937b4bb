import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer, MarketStatus, marketStatusSchema } from '@bist/contracts';
import { TOP_BAR_POLL_MS } from '@bist/contracts/values';
import { useLiveRefreshMs } from '@/lib/use-market-source';
import { apiRequest } from '@/lib/api-client';

export const MARKET_STATUS_PATH = '/api/market/status';

/** The cached value of the status query: the body's data. */
export const marketStatusFromBody = (body: Infer<typeof marketStatusSchema>): MarketStatus => body.data;

/** GET /api/market/status: open/closed from the server's trading calendar, never the browser clock. */
export async function getMarketStatus(signal?: AbortSignal): Promise<MarketStatus> {
  return marketStatusFromBody(
    await apiRequest<Infer<typeof marketStatusSchema>>(MARKET_STATUS_PATH, { signal }),
  );
}

export function getMarketStatusQueryOptions() {
  return queryOptions({
    queryKey: ['market', 'status'],
    queryFn: ({ signal }) => getMarketStatus(signal),
    refetchInterval: TOP_BAR_POLL_MS,
  });
}

export function useMarketStatus() {
  const refetchInterval = useLiveRefreshMs(TOP_BAR_POLL_MS);
  return useQuery({ ...getMarketStatusQueryOptions(), refetchInterval });
}
