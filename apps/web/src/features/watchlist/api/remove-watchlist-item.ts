import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Infer, watchlistRemoveResponseSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';
import { getWatchlistQueryOptions } from './get-watchlist';

/** DELETE /api/watchlist/{symbol}: idempotent. */
export async function removeWatchlistItem(symbol: string) {
  const response = await apiRequest<Infer<typeof watchlistRemoveResponseSchema>>(
    `/api/watchlist/${encodeURIComponent(symbol)}`,
    {
      method: 'DELETE',
    },
  );
  return response.data;
}

export function useRemoveWatchlistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWatchlistItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getWatchlistQueryOptions().queryKey }),
  });
}
