import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { DASHBOARD_REFRESH_MS } from '@bist/contracts/values';
import { Deferred } from '@/components/deferred';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useLiveData } from '@/features/market/api/get-live-data';
import { getMarketSummaryQueryOptions } from '@/features/market/api/get-market-summary';
import { RefreshButton } from '@/features/market/components/shared/refresh-button';
import { StaleBanner } from '@/features/market/components/shared/stale-banner';
import { formatDateTime } from '@/features/market/lib/format-market';
import { isApiError } from '@/lib/api-client';
import { useLiveRefreshMs } from '@/lib/use-market-source';
import { useDocumentTitle } from '@/lib/use-document-title';
import { MarketCharts } from './market-charts';
import { MarketStatCards } from './market-stat-cards';
import { MoversCard } from './movers-card';
import { SectorDistributionCard } from './sector-distribution-card';
import '@/features/market/i18n';

/**
 * Dashboard ('Özet'): the investor's own figures first (`personal`: their portfolio, watchlist movers and alerts,
 * composed by the route from those features), then the market: four cards, XU100 through the day and the sectors'
 * moves, movers, sectors and the AI summary, refreshed every 30 s. The AI card and summary belong to the predictions
 * feature: the route passes them in, with `onRefresh` to refresh their data along with the market's.
 */
export function DashboardPage({
  personal,
  aiCard,
  aiSummary,
  onRefresh,
  rowAction,
}: {
  /** The signed-in investor's own cards, shown before the market. */
  personal?: ReactNode;
  aiCard?: ReactNode;
  aiSummary?: ReactNode;
  onRefresh?: () => void;
  /** Another feature's button per mover (the watchlist star). */
  rowAction?: (symbol: string) => ReactNode;
} = {}) {
  const { t } = useTranslation('market');
  useDocumentTitle(t('dashboard.title'));
  const queryClient = useQueryClient();
  const summary = useQuery({
    ...getMarketSummaryQueryOptions(),
    refetchInterval: useLiveRefreshMs(DASHBOARD_REFRESH_MS),
    retry: 1,
  });
  const live = useLiveData();

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['market'] });
    void queryClient.invalidateQueries({ queryKey: ['indices', 'data', 'XU100'] });
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

  return (
    <div className="space-y-6">
      {header}
      {personal ? (
        <section aria-label={t('dashboard.mine')} className="space-y-4" data-testid="dashboard-personal">
          {personal}
        </section>
      ) : null}
      <h2 className="text-lg font-semibold">{t('dashboard.market')}</h2>
      <StaleBanner freshness={data?.freshness} />
      <MarketStatCards data={data} fourth={aiCard} />
      {/* Below the fold on a phone: rendered once the cards above have painted. */}
      <Deferred fallback={<Skeleton className="h-[40rem] w-full" />}>
        <MarketCharts summary={data} />
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          <MoversCard
            title={t('dashboard.topGainers')}
            icon={TrendingUp}
            rows={data?.top_gainers}
            testId="top-gainers"
            rowAction={rowAction}
          />
          <MoversCard
            title={t('dashboard.topLosers')}
            icon={TrendingDown}
            rows={data?.top_losers}
            testId="top-losers"
            rowAction={rowAction}
          />
          <SectorDistributionCard data={data} />
        </div>
        {aiSummary}
      </Deferred>
    </div>
  );
}
