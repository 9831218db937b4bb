import { useQueryClient } from '@tanstack/react-query';
import { DashboardPage } from '@/features/market/components/dashboard/dashboard-page';
import { getDailySummaryQueryOptions } from '@/features/predictions/api/get-daily-summary';
import { AiPredictionsStatCard } from '@/features/predictions/components/ai-predictions-stat-card';
import { AiSummaryCard } from '@/features/predictions/components/ai-summary-card';
import { SymbolAlerts } from '@/features/alerts/components/symbol-alerts';
import { PortfolioSnapshotCard } from '@/features/portfolio/components/portfolio-snapshot-card';
import { WatchlistMoversCard } from '@/features/watchlist/components/watchlist-movers-card';
import { WatchlistStarButton } from '@/features/watchlist/components/watchlist-star-button';

/**
 * The dashboard: the investor's portfolio, their watched stocks that move most with their price alerts, then the
 * market's cards and charts with the predictions feature's card and summary (one daily-summary query for both) and
 * the watchlist star on every mover.
 */
export default function DashboardRoute() {
  const queryClient = useQueryClient();
  return (
    <DashboardPage
      personal={
        <>
          <PortfolioSnapshotCard />
          <WatchlistMoversCard extra={(symbol) => <SymbolAlerts symbol={symbol} />} />
        </>
      }
      aiCard={<AiPredictionsStatCard />}
      aiSummary={<AiSummaryCard />}
      rowAction={(symbol) => <WatchlistStarButton symbol={symbol} />}
      onRefresh={() =>
        void queryClient.invalidateQueries({ queryKey: getDailySummaryQueryOptions().queryKey })
      }
    />
  );
}
