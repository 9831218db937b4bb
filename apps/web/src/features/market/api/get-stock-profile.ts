import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer, stockProfileSchema } from '@bist/contracts';
import { LIVE_VIEW_REFRESH_MS } from '@bist/contracts/values';
import { apiRequest, isApiError } from '@/lib/api-client';
import type { StockLookup } from '@/lib/stock-lookup';

/** A stock's live quote and key figures, as the profile endpoint sends them. */
export type StockProfile = Awaited<ReturnType<typeof getStockProfile>>;

/** GET /api/stocks/{symbol}/profile: live quote and key figures. */
export async function getStockProfile(symbol: string, signal?: AbortSignal) {
  const response = await apiRequest<Infer<typeof stockProfileSchema>>(
    `/api/stocks/${encodeURIComponent(symbol)}/profile`,
    {
      signal,
    },
  );
  return response.data;
}

export function getStockProfileQueryOptions(symbol: string) {
  return queryOptions({
    queryKey: ['stocks', 'profile', symbol],
    queryFn: ({ signal }) => getStockProfile(symbol, signal),
    // The stock page refreshes every 60 s; an unknown symbol (404) is not asked again.
    refetchInterval: (query) =>
      isApiError(query.state.error) && query.state.error.status === 404 ? false : LIVE_VIEW_REFRESH_MS,
  });
}

export function useStockProfile(symbol: string) {
  return useQuery(getStockProfileQueryOptions(symbol));
}

/** A form's starting price (the app's StockLookup): the same profile query, read once, without polling. */
export function stockQuoteQueryOptions(symbol: string): ReturnType<StockLookup['quote']> {
  return {
    queryKey: getStockProfileQueryOptions(symbol).queryKey,
    queryFn: ({ signal }) => getStockProfile(symbol, signal),
    staleTime: 15_000,
  };
}
