import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer, MarketStatus, marketStatusSchema } from '@bist/contracts';
import { TOP_BAR_POLL_MS } from '@bist/contracts/values';
import { apiRequest } from '@/lib/api-client';

/** GET /api/market/status: open/closed from the server's trading calendar, never the browser clock. */
export async function getMarketStatus(signal?: AbortSignal): Promise<MarketStatus> {
  const response = await apiRequest<Infer<typeof marketStatusSchema>>('/api/market/status', { signal });
  return response.data;
}

export function getMarketStatusQueryOptions() {
  return queryOptions({
    queryKey: ['market', 'status'],
    queryFn: ({ signal }) => getMarketStatus(signal),
    refetchInterval: TOP_BAR_POLL_MS,
  });
}

export function useMarketStatus() {
  return useQuery(getMarketStatusQueryOptions());
}
