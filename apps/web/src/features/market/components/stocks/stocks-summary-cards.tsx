import { useTranslation } from '@/lib/use-translation';
import { Layers, TrendingDown, TrendingUp } from 'lucide-react';
import type { StockListItem } from '@bist/contracts';
import { StatCard } from '@/components/stat-card';
import { breadthOf } from '@/features/market/lib/index-rules';
import { formatNumber, formatPercentInSentence } from '@/lib/format';
import '@/features/market/i18n';

/**
 * The three cards over the list: stocks on this page (of how many results), and the gainers and losers of the whole
 * market (`marketChanges`, every stock's change); of this page, and labelled so, while those are not available.
 */
export function StocksSummaryCards({
  stocks,
  total,
  loading,
  marketChanges,
}: {
  stocks: readonly StockListItem[];
  total: number;
  loading: boolean;
  marketChanges: readonly number[] | undefined;
}) {
  const { t } = useTranslation('market');
  const wholeMarket = marketChanges !== undefined && marketChanges.length > 0;
  const breadth = breadthOf(wholeMarket ? marketChanges : stocks.map((s) => s.change_percent));
  const shareKey = wholeMarket ? 'stocks.shareOfMarket' : 'stocks.shareOfPage';
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-4">
      <StatCard
        title={t('stocks.pageStocks')}
        icon={Layers}
        loading={loading}
        value={formatNumber(stocks.length)}
        hint={t('stocks.pageStocksHint', { total: formatNumber(total) })}
        testId="card-page-stocks"
        compact
      />
      <StatCard
        title={t('stocks.gainers')}
        icon={TrendingUp}
        loading={loading}
        value={formatNumber(breadth.gainers)}
        valueClassName="text-up"
        hint={t(shareKey, { share: formatPercentInSentence(breadth.gainersShare) })}
        testId="card-gainers"
        compact
      />
      <StatCard
        title={t('stocks.losers')}
        icon={TrendingDown}
        loading={loading}
        value={formatNumber(breadth.losers)}
        valueClassName="text-down"
        hint={t(shareKey, { share: formatPercentInSentence(breadth.losersShare) })}
        testId="card-losers"
        compact
      />
    </div>
  );
}
