import { Link } from 'react-router';
import { Briefcase } from 'lucide-react';
import { useTranslation } from '@/lib/use-translation';
import type { PerformanceRange } from '@bist/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePortfolioOverview } from '@/features/portfolio/api/get-portfolio-overview';
import { changeColorClass, formatChange, formatNumber, formatPrice, formatSignedPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import '@/features/portfolio/i18n';

/** The period the dashboard compares the portfolio's return with XU100's over. */
const SNAPSHOT_RANGE: PerformanceRange = '1A';

/**
 * The signed-in investor's portfolio at a glance, first on the dashboard: its value (holdings + cash), today's
 * change, and its time-weighted return against XU100's over the last month — the portfolio overview's own figures
 * (GET /api/portfolio/overview?range=1A), nothing computed twice. An empty portfolio says how to start one.
 */
export function PortfolioSnapshotCard() {
  const { t } = useTranslation('portfolio');
  const overview = usePortfolioOverview(SNAPSHOT_RANGE);
  const o = overview.data?.overview;
  const empty = o !== undefined && o.holdings_count === 0 && o.cash_balance === 0 && o.net_worth === 0;
  const gap =
    o?.twr_percent !== null && o?.twr_percent !== undefined && o.benchmark_return_percent !== null
      ? o.twr_percent - o.benchmark_return_percent
      : null;
  return (
    <Card data-testid="portfolio-snapshot">
      <CardHeader className="flex-row items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Briefcase className="size-4 text-muted-foreground" aria-hidden="true" />
          <CardTitle className="text-base">{t('snapshot.title')}</CardTitle>
        </div>
        <Link
          to="/portfolio"
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm font-medium text-primary hover:underline"
        >
          {t('snapshot.open')}
        </Link>
      </CardHeader>
      <CardContent>
        {overview.isError && !o ? (
          <p className="text-sm text-muted-foreground">{t('errors.load')}</p>
        ) : !o ? (
          <Skeleton className="h-24 w-full" />
        ) : empty ? (
          <p className="text-sm text-muted-foreground" data-testid="portfolio-snapshot-empty">
            {t('snapshot.empty')}
          </p>
        ) : (
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-muted-foreground">{t('snapshot.value')}</dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid="snapshot-value">
                {formatPrice(o.net_worth)}
              </dd>
              <dd className="text-xs text-muted-foreground">
                {t('cards.totalValueHint', {
                  stocks: formatPrice(o.total_value),
                  cash: formatPrice(o.cash_balance),
                })}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">{t('cards.today')}</dt>
              <dd
                className={cn('text-2xl font-semibold tabular-nums', changeColorClass(o.daily_change))}
                data-testid="snapshot-today"
              >
                {formatSignedPrice(o.daily_change)}
              </dd>
              <dd className={cn('text-xs tabular-nums', changeColorClass(o.daily_change_percent))}>
                {formatChange(o.daily_change_percent)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">{t('snapshot.return')}</dt>
              <dd
                className={cn('text-2xl font-semibold tabular-nums', changeColorClass(o.twr_percent))}
                data-testid="snapshot-twr"
              >
                {formatChange(o.twr_percent)}
              </dd>
              <dd className="text-xs text-muted-foreground tabular-nums" data-testid="snapshot-benchmark">
                {t('snapshot.benchmark', { value: formatChange(o.benchmark_return_percent) })}
                {gap !== null ? (
                  <>
                    {' · '}
                    <span className={changeColorClass(gap)}>
                      {t(gap >= 0 ? 'snapshot.ahead' : 'snapshot.behind', {
                        value: formatNumber(Math.abs(gap), 2),
                      })}
                    </span>
                  </>
                ) : null}
              </dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
