import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/components/ui/toaster';
import { Star } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useAddWatchlistItem } from '@/features/watchlist/api/add-watchlist-item';
import { useWatchlist } from '@/features/watchlist/api/get-watchlist';
import { useRemoveWatchlistItem } from '@/features/watchlist/api/remove-watchlist-item';
import '@/features/watchlist/i18n';

/**
 * The watchlist star of a row: filled while the symbol is watched; a click adds it or removes it (the same toggle as
 * the stock page's button), with a toast either way.
 */
export function WatchlistStarButton({ symbol }: { symbol: string }) {
  const { t } = useTranslation('watchlist');
  const list = useWatchlist();
  const add = useAddWatchlistItem();
  const remove = useRemoveWatchlistItem();
  const upper = symbol.toUpperCase();
  const listed = list.data?.some((item) => item.symbol === upper) ?? false;
  const onError = (error: unknown) =>
    toast.error(listed ? t('failed') : t('addFailed'), {
      description: isApiError(error) ? error.displayMessage : undefined,
    });
  const label = listed ? t('remove', { symbol: upper }) : `${t('addToWatchlist')}: ${upper}`;
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8"
      aria-pressed={listed}
      data-testid="watchlist-star"
      data-symbol={upper}
      onClick={() =>
        listed
          ? remove.mutate(upper, { onSuccess: () => toast.success(t('removed', { symbol: upper })), onError })
          : add.mutate(upper, {
              onSuccess: (result) =>
                toast.success(
                  result.created ? t('added', { symbol: upper }) : t('already', { symbol: upper }),
                ),
              onError,
            })
      }
      disabled={add.isPending || remove.isPending || list.isPending}
      aria-label={label}
      title={label}
    >
      <Star aria-hidden="true" className={cn(listed && 'fill-amber-400 text-amber-500')} />
    </Button>
  );
}
