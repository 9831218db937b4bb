import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Eye } from 'lucide-react';
import { useTranslation } from '@/lib/use-translation';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useWatchlist } from '@/features/watchlist/api/get-watchlist';
import { changeColorClass, formatChange, formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import '@/features/watchlist/i18n';

/** Watched stocks shown on the dashboard. */
const MOVERS_SHOWN = 5;

/**
 * The investor's watched stocks that move the most today (by the size of the move), each with what another feature
 * shows for it (`extra`: its price alerts), linking to the stock page.
 */
export function WatchlistMoversCard({ extra }: { extra?: (symbol: string) => ReactNode }) {
  const { t } = useTranslation('watchlist');
  const watchlist = useWatchlist();
  const rows = watchlist.data
    ? [...watchlist.data]
        .sort(
          (a, b) =>
            Math.abs(b.change_percent ?? 0) - Math.abs(a.change_percent ?? 0) ||
            a.symbol.localeCompare(b.symbol),
        )
        .slice(0, MOVERS_SHOWN)
    : undefined;
  return (
    <Card data-testid="watchlist-movers">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="space-y-1.5">
          <div className="flex items-center gap-2">
            <Eye className="size-4 text-muted-foreground" aria-hidden="true" />
            <CardTitle className="text-base">{t('movers.title')}</CardTitle>
          </div>
          <CardDescription>{t('movers.hint')}</CardDescription>
        </div>
        <Link
          to="/watchlist"
          className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md px-2 text-sm font-medium text-primary hover:underline"
        >
          {t('movers.open')}
        </Link>
      </CardHeader>
      <CardContent>
        {watchlist.isError && !rows ? (
          <p className="text-sm text-muted-foreground">{t('loadFailed')}</p>
        ) : !rows ? (
          <Skeleton className="h-24 w-full" />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('movers.empty')}</p>
        ) : (
          <ul className="divide-y">
            {rows.map((row) => (
              <li
                key={row.symbol}
                className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1"
              >
                <Link
                  to={`/stocks/${row.symbol}`}
                  className="flex min-h-11 min-w-0 flex-1 flex-col justify-center rounded-sm hover:underline"
                >
                  <span className="text-sm font-semibold">{row.symbol}</span>
                  <span className="truncate text-xs text-muted-foreground">{row.name}</span>
                </Link>
                {extra?.(row.symbol)}
                <div className="text-right tabular-nums">
                  <span className="block text-sm">{formatPrice(row.price)}</span>
                  <span className={cn('block text-xs', changeColorClass(row.change_percent))}>
                    {formatChange(row.change_percent)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
