import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  BarChart3,
  Building2,
  LineChart as LineChartIcon,
  PieChart,
  TrendingDown,
  TrendingUp,
  Wallet,
} from 'lucide-react';
import {
  DASHBOARD_CHART_ITEMS,
  DASHBOARD_REFRESH_MS,
  DASHBOARD_SECTOR_LIST,
  type MarketSummary,
} from '@bist/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PriceBarChart } from '@/components/charts/price-bar-chart';
import { VolumeLineChart } from '@/components/charts/volume-line-chart';
import { useLiveData } from '@/features/market/api/get-live-data';
import { getMarketSummaryQueryOptions } from '@/features/market/api/get-market-summary';
import { ChangeText } from '@/features/market/components/shared/change-text';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { RefreshButton } from '@/features/market/components/shared/refresh-button';
import { StaleBanner } from '@/features/market/components/shared/stale-banner';
import { StatCard } from '@/components/stat-card';
import { formatAmount, formatDateTime } from '@/features/market/lib/format-market';
import { isApiError } from '@/lib/api-client';
import { changeColorClass, formatNumber, formatPrice } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { useQuery } from '@tanstack/react-query';
import '@/features/market/i18n';

/**
 * Dashboard: four cards, two charts over the 5 most traded stocks, movers, sectors and the AI summary, refreshed
 * every 30 s. The AI card and summary belong to the predictions feature: the route passes them in, with
 * `onRefresh` to refresh their data along with the market's.
 */
export function DashboardPage({
  aiCard,
  aiSummary,
  onRefresh,
}: {
  aiCard?: ReactNode;
  aiSummary?: ReactNode;
  onRefresh?: () => void;
} = {}) {
  const { t } = useTranslation('market');
  useDocumentTitle(t('dashboard.title'));
  const queryClient = useQueryClient();
  const summary = useQuery({
    ...getMarketSummaryQueryOptions(),
    refetchInterval: DASHBOARD_REFRESH_MS,
    retry: 1,
  });
  const live = useLiveData();

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['market'] });
    onRefresh?.();
  };
  const fetching = summary.isFetching || live.isFetching;
  const updatedAt = Math.max(summary.dataUpdatedAt, live.dataUpdatedAt);

  const header = (
    <PageHeader
      title={t('dashboard.title')}
      subtitle={
        <span data-testid="last-update">
          {updatedAt > 0 ? t('common.lastUpdate', { time: formatDateTime(updatedAt) }) : t('common.loading')}
        </span>
      }
      actions={<RefreshButton onClick={refresh} spinning={fetching} />}
    />
  );

  if (summary.isError && !summary.data) {
    return (
      <div className="space-y-6">
        {header}
        <ErrorCard
          message={t('errors.dashboard')}
          detail={isApiError(summary.error) ? summary.error.message : undefined}
          retry={{ label: t('common.refresh'), onRetry: refresh, pending: fetching }}
        />
      </div>
    );
  }

  const data = summary.data;
  const chartRows = (live.data?.data ?? []).slice(0, DASHBOARD_CHART_ITEMS);

  return (
    <div className="space-y-6">
      {header}
      <StaleBanner freshness={data?.freshness} />

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {data ? (
          <>
            <StatCard
              title={t('dashboard.totalStocks')}
              icon={Building2}
              value={formatNumber(data.overview.total_stocks)}
              hint={t('dashboard.sectors', { count: data.overview.total_sectors })}
              testId="card-total-stocks"
            />
            <StatCard
              title={t('dashboard.marketValue')}
              icon={Wallet}
              value={formatAmount(data.overview.market_cap)}
              hint={t('dashboard.dailyVolume', { value: formatAmount(data.overview.daily_volume) })}
              testId="card-market-value"
            />
            <StatCard
              title={t('dashboard.bist100')}
              icon={LineChartIcon}
              value={formatNumber(data.performance.bist100_value, 2)}
              hint={
                <span
                  className={cn(
                    'inline-flex',
                    data.performance.bist100_change >= 0 ? 'text-up' : 'text-down',
                  )}
                >
                  <ChangeText
                    value={data.performance.bist100_change}
                    className={data.performance.bist100_change >= 0 ? 'text-up' : 'text-down'}
                  />
                </span>
              }
              testId="card-bist100"
            />
            {aiCard}
          </>
        ) : (
          Array.from({ length: 4 }, (_, i) => <StatCard key={i} title="" value="" loading />)
        )}
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ChartCard
          title={t('dashboard.priceChart')}
          hint={t('dashboard.priceChartHint')}
          icon={BarChart3}
          testId="price-chart"
          loading={!live.data}
        >
          <PriceBarChart
            data={chartRows.map((r) => ({ symbol: r.symbol, price: r.price }))}
            label={t('dashboard.price')}
          />
        </ChartCard>
        <ChartCard
          title={t('dashboard.volumeChart')}
          hint={t('dashboard.volumeChartHint')}
          icon={LineChartIcon}
          testId="volume-chart"
          loading={!live.data}
        >
          <VolumeLineChart
            data={chartRows.map((r) => ({ symbol: r.symbol, millions: r.turnover / 1_000_000 }))}
            label={t('dashboard.volumeMillions')}
          />
        </ChartCard>
      </div>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        <MoversCard
          title={t('dashboard.topGainers')}
          icon={TrendingUp}
          rows={data?.top_gainers}
          testId="top-gainers"
        />
        <MoversCard
          title={t('dashboard.topLosers')}
          icon={TrendingDown}
          rows={data?.top_losers}
          testId="top-losers"
        />
        <Card data-testid="sector-distribution" className="md:col-span-2 xl:col-span-1">
          <CardHeader className="flex-row items-center gap-2">
            <PieChart className="size-4 text-muted-foreground" aria-hidden="true" />
            <CardTitle className="text-base">{t('dashboard.sectorDistribution')}</CardTitle>
          </CardHeader>
          <CardContent>
            {data ? (
              <ul className="space-y-3">
                {data.sector_distribution.slice(0, DASHBOARD_SECTOR_LIST).map((s) => {
                  const share =
                    data.overview.total_stocks > 0 ? (s.count / data.overview.total_stocks) * 100 : 0;
                  return (
                    <li key={s.sector}>
                      <div className="flex items-center justify-between gap-2 text-sm">
                        <span className="truncate">{s.sector}</span>
                        <span className="shrink-0 font-medium tabular-nums">
                          {t('dashboard.stockCount', { count: s.count })}
                        </span>
                      </div>
                      <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                        <div
                          className="h-full rounded-full bg-primary"
                          style={{ width: `${Math.min(100, share * 5)}%` }}
                        />
                      </div>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="py-6 text-center text-sm text-muted-foreground">{t('common.loading')}</p>
            )}
          </CardContent>
        </Card>
      </div>

      {aiSummary}
    </div>
  );
}

function ChartCard({
  title,
  hint,
  icon: Icon,
  loading,
  testId,
  children,
}: {
  title: string;
  hint: string;
  icon: typeof BarChart3;
  loading: boolean;
  testId: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('market');
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <div className="flex items-center gap-2">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          <CardTitle className="text-base">{title}</CardTitle>
        </div>
        <CardDescription>{hint}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="h-64">
          {loading ? (
            <div className="flex h-full items-center justify-center rounded-lg bg-muted/40 text-sm text-muted-foreground">
              {t('common.loading')}
            </div>
          ) : (
            children
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function MoversCard({
  title,
  icon: Icon,
  rows,
  testId,
}: {
  title: string;
  icon: typeof TrendingUp;
  rows: MarketSummary['top_gainers'] | undefined;
  testId: string;
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
                <div className="shrink-0 text-right tabular-nums">
                  <span className="block text-sm">{formatPrice(row.price)}</span>
                  <ChangeText value={row.change} className={cn('text-xs', changeColorClass(row.change))} />
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
