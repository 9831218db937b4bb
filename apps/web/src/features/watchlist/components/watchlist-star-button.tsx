import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Star } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAddWatchlistItem } from '@/features/watchlist/api/add-watchlist-item';
import { isApiError } from '@/lib/api-client';
import '@/features/watchlist/i18n';

/** A table row's star: adds the symbol to the watchlist and says so (or that it was already there) in a toast. */
export function WatchlistStarButton({ symbol }: { symbol: string }) {
  const { t } = useTranslation('watchlist');
  const add = useAddWatchlistItem();
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8"
      onClick={() =>
        add.mutate(symbol, {
          onSuccess: (result) =>
            toast.success(result.created ? t('added', { symbol }) : t('already', { symbol })),
          onError: (error) =>
            toast.error(t('addFailed'), {
              description: isApiError(error) ? error.displayMessage : undefined,
            }),
        })
      }
      disabled={add.isPending}
      aria-label={`${t('addToWatchlist')}: ${symbol}`}
      title={t('addToWatchlist')}
    >
      <Star aria-hidden="true" />
    </Button>
  );
}
