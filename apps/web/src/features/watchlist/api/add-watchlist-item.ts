import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Infer, watchlistAddResponseSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';
import { trackEvent } from '@/lib/product-events';
import { getWatchlistQueryOptions } from './get-watchlist';

/** POST /api/watchlist {symbol}: 201 added, 200 already listed. */
export async function addWatchlistItem(symbol: string) {
  const response = await apiRequest<Infer<typeof watchlistAddResponseSchema>>('/api/watchlist', {
    method: 'POST',
    body: { symbol },
  });
  return response.data;
}

export function useAddWatchlistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWatchlistItem,
    onSuccess: () => trackEvent('watchlist_added'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getWatchlistQueryOptions().queryKey }),
  });
}
