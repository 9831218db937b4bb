import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer, watchlistResponseSchema } from '@bist/contracts';
import { WATCHLIST_REFRESH_MS } from '@bist/contracts/values';
import { useLiveRefreshMs } from '@/lib/use-market-source';
import { apiRequest } from '@/lib/api-client';

/** GET /api/watchlist (data.watchlist), oldest first. */
export async function getWatchlist(signal?: AbortSignal) {
  const response = await apiRequest<Infer<typeof watchlistResponseSchema>>('/api/watchlist', { signal });
  return response.data.watchlist;
}

export function getWatchlistQueryOptions() {
  return queryOptions({
    queryKey: ['watchlist'],
    queryFn: ({ signal }) => getWatchlist(signal),
    refetchInterval: WATCHLIST_REFRESH_MS,
  });
}

export function useWatchlist() {
  const refetchInterval = useLiveRefreshMs(WATCHLIST_REFRESH_MS);
  return useQuery({ ...getWatchlistQueryOptions(), refetchInterval });
}
