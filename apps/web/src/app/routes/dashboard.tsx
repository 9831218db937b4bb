import { useQueryClient } from '@tanstack/react-query';
import { DashboardPage } from '@/features/market/components/dashboard/dashboard-page';
import { getDailySummaryQueryOptions } from '@/features/predictions/api/get-daily-summary';
import { AiPredictionsStatCard } from '@/features/predictions/components/ai-predictions-stat-card';
import { AiSummaryCard } from '@/features/predictions/components/ai-summary-card';
import { WatchlistStarButton } from '@/features/watchlist/components/watchlist-star-button';

/**
 * The market's dashboard with the predictions feature's card and summary (one daily-summary query for both) and the
 * watchlist star on every mover.
 */
export default function DashboardRoute() {
  const queryClient = useQueryClient();
  return (
    <DashboardPage
      aiCard={<AiPredictionsStatCard />}
      aiSummary={<AiSummaryCard />}
      rowAction={(symbol) => <WatchlistStarButton symbol={symbol} />}
      onRefresh={() =>
        void queryClient.invalidateQueries({ queryKey: getDailySummaryQueryOptions().queryKey })
      }
    />
  );
}
