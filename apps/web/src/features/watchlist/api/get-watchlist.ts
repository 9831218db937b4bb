import { queryOptions, useQuery } from '@tanstack/react-query';
import { watchlistResponseSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** Spec §9: portfolio and watchlist refresh every 30 s. */
export const WATCHLIST_REFRESH_MS = 30_000;

/** GET /api/watchlist (spec §7: data.watchlist), oldest first. */
export async function getWatchlist(signal?: AbortSignal) {
  const response = await apiRequest('/api/watchlist', { schema: watchlistResponseSchema, signal });
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
  return useQuery(getWatchlistQueryOptions());
}
