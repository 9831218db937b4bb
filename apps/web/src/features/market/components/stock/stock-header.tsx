import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import type { StreamQuote } from '@/features/market/api/use-quote-stream';
import type { StockProfile } from '@/features/market/api/get-stock-profile';
import { ChangeText } from '@/features/market/components/shared/change-text';
import { formatClock } from '@/features/market/lib/format-market';
import { changeColorClass, formatNumber, formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

/**
 * The stock page's head: symbol, sector, whether prices are live, company, the price with its change (the live
 * quote's when there is one) and the other features' `actions` for the symbol.
 */
export function StockHeader({
  symbol,
  profile: p,
  quote,
  live,
  actions,
}: {
  symbol: string;
  profile: StockProfile | undefined;
  quote: StreamQuote | null;
  live: boolean;
  actions: ReactNode;
}) {
  const { t } = useTranslation('market');
  const price = quote?.price ?? p?.price;
  const changePercent = quote?.changePercent ?? p?.change_percent;
  const change = p && price !== undefined ? price - p.previous_close : undefined;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <Link
          to="/stocks"
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('stocks.title')}
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{symbol}</h1>
          {p ? <Badge variant="secondary">{p.sector}</Badge> : null}
          <Badge variant={live ? 'up' : 'neutral'} data-testid="live-badge">
            <span
              className={cn('size-1.5 rounded-full', live ? 'animate-pulse bg-up' : 'bg-neutral')}
              aria-hidden="true"
            />
            {live ? t('stock.live') : t('stock.marketClosed')}
          </Badge>
        </div>
        <div className="mt-1 truncate text-muted-foreground">
          {p ? p.company_name : <Skeleton className="h-5 w-48" />}
        </div>
      </div>
      <div className="flex items-end gap-4 sm:flex-col sm:items-end sm:gap-2">
        <div className="text-right">
          <div className="text-3xl font-semibold tabular-nums" data-testid="stock-price">
            {p ? formatPrice(price) : <Skeleton className="h-9 w-32" />}
          </div>
          <p
            className={cn(
              'mt-1 flex items-center justify-end gap-2 text-sm tabular-nums',
              changeColorClass(changePercent),
            )}
          >
            {change !== undefined ? (
              <span>{`${change > 0 ? '+' : ''}${formatNumber(change, 2)}`}</span>
            ) : null}
            <ChangeText value={changePercent} />
          </p>
          {quote ? (
            <p className="text-xs text-muted-foreground tabular-nums">{formatClock(quote.time, true)}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">{actions}</div>
      </div>
    </div>
  );
}
