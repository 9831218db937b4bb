import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/components/ui/toaster';
import { Eye, EyeOff } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useAddWatchlistItem } from '@/features/watchlist/api/add-watchlist-item';
import { useWatchlist } from '@/features/watchlist/api/get-watchlist';
import { useRemoveWatchlistItem } from '@/features/watchlist/api/remove-watchlist-item';
import '@/features/watchlist/i18n';

/** For the stock page: adds the symbol to, or removes it from, the investor's watchlist. */
export function WatchlistToggle({
  symbol,
  size = 'sm',
  className,
}: {
  symbol: string;
  size?: ButtonProps['size'];
  className?: string;
}) {
  const { t } = useTranslation('watchlist');
  const list = useWatchlist();
  const add = useAddWatchlistItem();
  const remove = useRemoveWatchlistItem();
  const upper = symbol.toUpperCase();
  const listed = list.data?.some((item) => item.symbol === upper) ?? false;
  const pending = add.isPending || remove.isPending || list.isPending;
  const onError = (e: unknown) => toast.error(isApiError(e) ? e.displayMessage : t('failed'));
  return (
    <Button
      variant={listed ? 'secondary' : 'outline'}
      size={size}
      className={className}
      aria-pressed={listed}
      disabled={pending}
      data-testid="watchlist-toggle"
      onClick={() =>
        listed
          ? remove.mutate(upper, { onSuccess: () => toast.success(t('removed', { symbol: upper })), onError })
          : add.mutate(upper, { onSuccess: () => toast.success(t('added', { symbol: upper })), onError })
      }
    >
      {listed ? <EyeOff /> : <Eye />}
      {listed ? t('toggleRemove') : t('toggleAdd')}
    </Button>
  );
}
