import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketStatusSchema, TOP_BAR_POLL_MS, type MarketStatus } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/market/status: open/closed from the server's trading calendar, never the browser clock. */
export async function getMarketStatus(signal?: AbortSignal): Promise<MarketStatus> {
  const response = await apiRequest('/api/market/status', { schema: marketStatusSchema, signal });
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
