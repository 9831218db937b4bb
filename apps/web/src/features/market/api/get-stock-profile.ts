import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIVE_VIEW_REFRESH_MS, stockProfileSchema } from '@bist/contracts';
import { apiRequest, isApiError } from '@/lib/api-client';

/** GET /api/stocks/{symbol}/profile: live quote and key figures. */
export async function getStockProfile(symbol: string, signal?: AbortSignal) {
  const response = await apiRequest(`/api/stocks/${encodeURIComponent(symbol)}/profile`, {
    schema: stockProfileSchema,
    signal,
  });
  return response.data;
}

export function getStockProfileQueryOptions(symbol: string) {
  return queryOptions({
    queryKey: ['stocks', 'profile', symbol],
    queryFn: ({ signal }) => getStockProfile(symbol, signal),
    // Spec §9: the live-data view refreshes every 60 s.
    refetchInterval: (query) =>
      isApiError(query.state.error) && query.state.error.status === 404 ? false : LIVE_VIEW_REFRESH_MS,
  });
}

export function useStockProfile(symbol: string) {
  return useQuery(getStockProfileQueryOptions(symbol));
}
