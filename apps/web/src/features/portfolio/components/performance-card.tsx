import { lazy, Suspense } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { PerformancePoint, PerformanceRange, PortfolioOverview } from '@bist/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { changeColorClass, formatChange, formatIsoDate, formatSignedPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import '@/features/portfolio/i18n';

const PerformanceChart = lazy(() =>
  import('./portfolio-charts').then((m) => ({ default: m.PerformanceChart })),
);

/** Ranges offered on the chart (the server also knows YTD). */
const RANGES: readonly PerformanceRange[] = ['1A', '3A', '6A', '1Y', 'ALL'];

/**
 * 'Performans': the portfolio's time-weighted return against XU100's return over the chosen range, in %; deposits
 * and withdrawals are marked, not plotted as performance. The same figures are in a table for screen readers.
 */
export function PerformanceCard({
  overview,
  points,
  range,
  onRangeChange,
  loading,
  stale,
}: {
  overview: PortfolioOverview['overview'] | undefined;
  points: PerformancePoint[] | undefined;
  range: PerformanceRange;
  onRangeChange: (range: PerformanceRange) => void;
  loading: boolean;
  /** The previous range's data while the new one loads: dimmed. */
  stale: boolean;
}) {
  const { t } = useTranslation('portfolio');
  return (
    <Card className="lg:col-span-2" data-testid="performance-card">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle>{t('performance.title')}</CardTitle>
          <CardDescription className="mt-1 flex flex-wrap gap-x-4 gap-y-1 tabular-nums">
            <span data-testid="twr">
              {t('performance.twr')}:{' '}
              <span className={cn('font-medium', changeColorClass(overview?.twr_percent))}>
                {formatChange(overview?.twr_percent)}
              </span>
            </span>
            <span data-testid="benchmark-return">
              {t('performance.benchmark')}:{' '}
              <span className={cn('font-medium', changeColorClass(overview?.benchmark_return_percent))}>
                {formatChange(overview?.benchmark_return_percent)}
              </span>
            </span>
          </CardDescription>
        </div>
        <div role="group" aria-label={t('performance.range')} className="inline-flex rounded-lg bg-muted p-1">
          {RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={range === r}
              onClick={() => onRangeChange(r)}
              className={cn(
                'cursor-pointer rounded-md px-2.5 py-1 text-xs font-medium text-muted-foreground transition-colors disabled:cursor-not-allowed disabled:opacity-60',
                range === r && 'bg-card text-foreground shadow-sm',
              )}
            >
              {t(`ranges.${r}`)}
            </button>
          ))}
        </div>
      </CardHeader>
      <CardContent>
        <div className={cn('h-72', stale && 'opacity-60 transition-opacity')}>
          {loading ? (
            <Skeleton className="size-full" />
          ) : !points || points.length < 2 ? (
            <p className="flex h-full items-center justify-center text-sm text-muted-foreground">
              {t('performance.empty')}
            </p>
          ) : (
            <Suspense fallback={<Skeleton className="size-full" />}>
              <PerformanceChart points={points} />
            </Suspense>
          )}
        </div>
        <p className="mt-2 text-xs text-muted-foreground">{t('performance.note')}</p>
        {points && points.length >= 2 ? <PerformanceTable points={points} /> : null}
      </CardContent>
    </Card>
  );
}

/** The chart's figures for screen readers (and tests): each day's two returns in % and the money flow of the day. */
function PerformanceTable({ points }: { points: PerformancePoint[] }) {
  const { t } = useTranslation('portfolio');
  return (
    <table className="sr-only" data-testid="performance-table">
      <caption>{t('performance.tableCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('performance.date')}</th>
          <th scope="col">{t('performance.portfolio')}</th>
          <th scope="col">{t('performance.benchmark')}</th>
          <th scope="col">{t('performance.flow')}</th>
        </tr>
      </thead>
      <tbody>
        {points.map((p) => (
          <tr key={p.date} data-date={p.date}>
            <td>{formatIsoDate(p.date)}</td>
            <td data-col="twr">{formatChange(p.twr_percent)}</td>
            <td>{formatChange(p.benchmark_percent)}</td>
            <td data-col="flow">{p.net_flow !== 0 ? formatSignedPrice(p.net_flow) : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
