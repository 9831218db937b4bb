import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { watchlistAddResponseSchema } from '@bist/contracts';
import { toast } from '@/components/ui/toaster';
import { apiRequest, isApiError } from '@/lib/api-client';
import '@/features/market/i18n';

/** POST /api/watchlist {symbol} (customer session): 201 added, 200 already listed. */
export async function addToWatchlist(symbol: string) {
  const response = await apiRequest('/api/watchlist', {
    method: 'POST',
    body: { symbol },
    schema: watchlistAddResponseSchema,
  });
  return response.data;
}

/** The row/header button: adds the symbol and says so in a toast. */
export function useAddToWatchlist() {
  const { t } = useTranslation('market');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToWatchlist,
    onSuccess: (result, symbol) => {
      toast.success(
        result.created
          ? t('common.addedToWatchlist', { symbol })
          : t('common.alreadyInWatchlist', { symbol }),
      );
      void queryClient.invalidateQueries({ queryKey: ['watchlist'] });
    },
    onError: (error) => {
      toast.error(t('common.watchlistFailed'), {
        description: isApiError(error) ? error.displayMessage : undefined,
      });
    },
  });
}
