import { memo, useCallback, type ReactNode } from 'react';
import type { MarketSummary } from '@bist/contracts';
import { useTranslation } from '@/lib/use-translation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { DASHBOARD_REFRESH_MS } from '@bist/contracts/values';
import { Deferred } from '@/components/deferred';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { getLiveDataQueryOptions } from '@/features/market/api/get-live-data';
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

/** The summary query as the dashboard polls it (one observer polls; the sections below only read the cache). */
function useDashboardSummary<T>(select: (summary: MarketSummary) => T, poll = false) {
  const refetchInterval = useLiveRefreshMs(DASHBOARD_REFRESH_MS);
  return useQuery({
    ...getMarketSummaryQueryOptions(),
    ...(poll ? { refetchInterval, retry: 1 } : {}),
    select,
  });
}

// Selectors of the parts each section shows. A section re-renders only when its part changes (the query's
// structural sharing keeps an unchanged part the same object), not on every poll or tick of the page.
const loaded = (): true => true;
const statsOf = (s: MarketSummary) => ({ overview: s.overview, performance: s.performance });
const sectorsOf = (s: MarketSummary) => ({
  overview: s.overview,
  sector_distribution: s.sector_distribution,
});
const freshnessOf = (s: MarketSummary) => s.freshness;
const gainersOf = (s: MarketSummary) => s.top_gainers;
const losersOf = (s: MarketSummary) => s.top_losers;
const sectorMovesOf = (s: MarketSummary) => s.sector_moves;

/** Title, last update and the refresh button: the only part that follows every fetch (its spinner and time). */
const DashboardHeader = memo(function DashboardHeader({ onRefresh }: { onRefresh: () => void }) {
  const { t } = useTranslation('market');
  const summary = useQuery(getMarketSummaryQueryOptions());
  const live = useQuery(getLiveDataQueryOptions());
  const fetching = summary.isFetching || live.isFetching;
  const updatedAt = Math.max(summary.dataUpdatedAt, live.dataUpdatedAt);
  return (
    <PageHeader
      title={t('dashboard.title')}
      subtitle={
        <span data-testid="last-update">
          {updatedAt > 0 ? t('common.lastUpdate', { time: formatDateTime(updatedAt) }) : t('common.loading')}
        </span>
      }
      actions={<RefreshButton onClick={onRefresh} spinning={fetching} />}
    />
  );
});

const SummaryStaleBanner = memo(function SummaryStaleBanner() {
  return <StaleBanner freshness={useDashboardSummary(freshnessOf).data} />;
});

const SummaryStatCards = memo(function SummaryStatCards({ fourth }: { fourth: ReactNode }) {
  return <MarketStatCards data={useDashboardSummary(statsOf).data} fourth={fourth} />;
});

const SummarySectors = memo(function SummarySectors() {
  return <SectorDistributionCard data={useDashboardSummary(sectorsOf).data} />;
});

const SummaryMovers = memo(function SummaryMovers({
  losers,
  rowAction,
}: {
  losers: boolean;
  rowAction: ((symbol: string) => ReactNode) | undefined;
}) {
  const { t } = useTranslation('market');
  const rows = useDashboardSummary(losers ? losersOf : gainersOf).data;
  return (
    <MoversCard
      title={t(losers ? 'dashboard.topLosers' : 'dashboard.topGainers')}
      icon={losers ? TrendingDown : TrendingUp}
      rows={rows}
      testId={losers ? 'top-losers' : 'top-gainers'}
      rowAction={rowAction}
    />
  );
});

const SummaryMarketCharts = memo(function SummaryMarketCharts() {
  return <MarketCharts sectorMoves={useDashboardSummary(sectorMovesOf).data} />;
});

/**
 * Dashboard ('Özet'): the investor's own figures first (`personal`: their portfolio, watchlist movers and alerts,
 * composed by the route from those features), then the market: four cards, XU100 through the day and the sectors'
 * moves, movers, sectors and the AI summary, refreshed every 30 s (or at the admin's screen refresh interval). The AI
 * card and summary belong to the predictions feature: the route passes them in, with `onRefresh` to refresh their
 * data along with the market's. Each section reads its own part of the answers, so a poll or a tick re-renders the
 * parts whose figures moved, not the page.
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
  // This observer polls; reading only whether data arrived, it re-renders the page on errors and the first answer.
  const summary = useDashboardSummary(loaded, true);
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['market'] });
    void queryClient.invalidateQueries({ queryKey: ['indices', 'data', 'XU100'] });
    onRefresh?.();
  }, [queryClient, onRefresh]);

  const header = <DashboardHeader onRefresh={refresh} />;

  if (summary.isError && !summary.data) {
    return (
      <div className="space-y-6">
        {header}
        <ErrorCard
          message={t('errors.dashboard')}
          detail={isApiError(summary.error) ? summary.error.message : undefined}
          retry={{ label: t('common.refresh'), onRetry: refresh, pending: summary.isFetching }}
        />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {header}
      {personal ? (
        <section aria-label={t('dashboard.mine')} className="space-y-4" data-testid="dashboard-personal">
          {personal}
        </section>
      ) : null}
      <h2 className="text-lg font-semibold">{t('dashboard.market')}</h2>
      <SummaryStaleBanner />
      <SummaryStatCards fourth={aiCard} />
      {/* Below the fold on a phone: rendered once the cards above have painted. */}
      <Deferred fallback={<Skeleton className="h-[40rem] w-full" />}>
        <SummaryMarketCharts />
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          <SummaryMovers losers={false} rowAction={rowAction} />
          <SummaryMovers losers rowAction={rowAction} />
          <SummarySectors />
        </div>
        {aiSummary}
      </Deferred>
    </div>
  );
}
