import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Building2, LineChart as LineChartIcon, Wallet } from 'lucide-react';
import type { MarketSummary } from '@bist/contracts';
import { StatCard } from '@/components/stat-card';
import { ChangeText } from '@/features/market/components/shared/change-text';
import { ComputedIndexLabel, useComputedIndex } from '@/features/market/components/shared/source-line';
import { formatAmount, formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

/**
 * The dashboard's card row: stocks and sectors, market value and the day's turnover, BIST 100, and a fourth card
 * passed in (the AI card). Four skeleton cards until the market summary arrives.
 */
export function MarketStatCards({
  data,
  fourth,
}: {
  data: Pick<MarketSummary, 'overview' | 'performance'> | undefined;
  fourth: ReactNode;
}) {
  const { t } = useTranslation('market');
  const bist100Computed = useComputedIndex('XU100');
  return (
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
                className={cn('inline-flex', data.performance.bist100_change >= 0 ? 'text-up' : 'text-down')}
              >
                <ChangeText
                  value={data.performance.bist100_change}
                  className={data.performance.bist100_change >= 0 ? 'text-up' : 'text-down'}
                />
              </span>
            }
            footer={bist100Computed ? <ComputedIndexLabel /> : undefined}
            testId="card-bist100"
          />
          {fourth}
        </>
      ) : (
        Array.from({ length: 4 }, (_, i) => <StatCard key={i} title="" value="" loading />)
      )}
    </div>
  );
}
