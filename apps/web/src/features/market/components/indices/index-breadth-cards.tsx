import { useTranslation } from '@/lib/use-translation';
import { Activity, BarChart3, TrendingDown, TrendingUp } from 'lucide-react';
import type { IndexItem } from '@bist/contracts';
import { StatCard } from '@/components/stat-card';
import { ChangeText } from '@/features/market/components/shared/change-text';
import { breadthOf } from '@/features/market/lib/index-rules';
import { formatNumber, formatPercentInSentence } from '@/lib/format';
import '@/features/market/i18n';

/** Four cards over all indices: how many, how many rose and fell (with their share), the average change. */
export function IndexBreadthCards({ indices, loading }: { indices: readonly IndexItem[]; loading: boolean }) {
  const { t } = useTranslation('market');
  const breadth = breadthOf(indices.map((i) => i.change_percent));
  return (
    <div className="grid grid-cols-2 gap-2 sm:gap-4 xl:grid-cols-4">
      <StatCard
        compact
        title={t('indices.count')}
        icon={BarChart3}
        loading={loading}
        value={formatNumber(breadth.total)}
        hint={t('indices.subtitle')}
        testId="card-index-count"
      />
      <StatCard
        title={t('indices.gainers')}
        icon={TrendingUp}
        loading={loading}
        value={formatNumber(breadth.gainers)}
        valueClassName="text-up"
        hint={t('indices.ofAll', { share: formatPercentInSentence(breadth.gainersShare) })}
        testId="card-index-gainers"
        compact
      />
      <StatCard
        title={t('indices.losers')}
        icon={TrendingDown}
        loading={loading}
        value={formatNumber(breadth.losers)}
        valueClassName="text-down"
        hint={t('indices.ofAll', { share: formatPercentInSentence(breadth.losersShare) })}
        testId="card-index-losers"
        compact
      />
      <StatCard
        title={t('indices.average')}
        icon={Activity}
        loading={loading}
        value={<ChangeText value={breadth.average} className="font-semibold" />}
        hint={t('indices.averageHint')}
        testId="card-index-average"
        compact
      />
    </div>
  );
}
