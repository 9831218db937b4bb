import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import type { MarketSummary } from '@bist/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ChangeText } from '@/features/market/components/shared/change-text';
import { changeColorClass, formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

/** The day's five biggest gainers or losers, each linking to its stock page. */
export function MoversCard({
  title,
  icon: Icon,
  rows,
  testId,
  rowAction,
}: {
  title: string;
  icon: LucideIcon;
  rows: MarketSummary['top_gainers'] | undefined;
  testId: string;
  /** Another feature's button per row (the watchlist star), composed by the route. */
  rowAction?: ((symbol: string) => ReactNode) | undefined;
}) {
  const { t } = useTranslation('market');
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row items-center gap-2">
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows ? (
          <ul className="divide-y">
            {rows.slice(0, 5).map((row) => (
              <li key={row.symbol} className="flex items-center justify-between gap-3 py-2">
                <Link to={`/stocks/${row.symbol}`} className="min-w-0 rounded-sm hover:underline">
                  <span className="block text-sm font-semibold">{row.symbol}</span>
                  <span className="block truncate text-xs text-muted-foreground">{row.company_name}</span>
                </Link>
                <div className="flex shrink-0 items-center gap-1">
                  <div className="text-right tabular-nums">
                    <span className="block text-sm">{formatPrice(row.price)}</span>
                    <ChangeText value={row.change} className={cn('text-xs', changeColorClass(row.change))} />
                  </div>
                  {rowAction?.(row.symbol)}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="py-6 text-center text-sm text-muted-foreground">{t('common.loading')}</p>
        )}
      </CardContent>
    </Card>
  );
}
