import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { toast } from '@/components/ui/toaster';
import { ArrowDownRight, ArrowUpRight, Minus, X } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { changeColorClass, formatChange, formatPrice, trendOf } from '@/lib/format';
import { isApiError } from '@/lib/api-client';
import { useWatchlist } from '@/features/watchlist/api/get-watchlist';
import { useRemoveWatchlistItem } from '@/features/watchlist/api/remove-watchlist-item';
import '@/features/watchlist/i18n';

/** The watchlist card grid, shown only when the watchlist is not empty; each card can be removed. */
export function WatchlistGrid() {
  const { t } = useTranslation('watchlist');
  const query = useWatchlist();
  const remove = useRemoveWatchlistItem();
  const items = query.data ?? [];
  if (items.length === 0) return null;
  return (
    <Card data-testid="watchlist-grid">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {items.map((item) => {
            const trend = trendOf(item.change_percent);
            const Icon = trend === 'up' ? ArrowUpRight : trend === 'down' ? ArrowDownRight : Minus;
            return (
              <li
                key={item.symbol}
                className="relative rounded-lg border p-4 transition-colors hover:bg-muted/40"
                data-testid="watchlist-item"
                data-symbol={item.symbol}
              >
                <div className="flex items-start justify-between gap-2 pr-6">
                  <div className="min-w-0">
                    <Link to={`/stocks/${item.symbol}`} className="font-semibold hover:underline">
                      {item.symbol}
                    </Link>
                    <p className="truncate text-xs text-muted-foreground">{item.name ?? ''}</p>
                  </div>
                </div>
                <button
                  type="button"
                  className="absolute right-2 top-2 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
                  aria-label={t('remove', { symbol: item.symbol })}
                  title={t('remove', { symbol: item.symbol })}
                  disabled={remove.isPending && remove.variables === item.symbol}
                  onClick={() =>
                    remove.mutate(item.symbol, {
                      onSuccess: () => toast.success(t('removed', { symbol: item.symbol })),
                      onError: (e) => toast.error(isApiError(e) ? e.displayMessage : t('failed')),
                    })
                  }
                >
                  <X className="size-4" />
                </button>
                <div className="mt-3 flex items-end justify-between gap-2 tabular-nums">
                  <span className="text-lg font-semibold">{formatPrice(item.price)}</span>
                  <span
                    className={`inline-flex items-center gap-0.5 text-sm font-medium ${changeColorClass(item.change_percent)}`}
                  >
                    <Icon className="size-4" aria-hidden="true" />
                    {formatChange(item.change_percent)}
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
