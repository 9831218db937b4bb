import { useTranslation } from 'react-i18next';
import { Briefcase, Layers, TrendingUp, Wallet } from 'lucide-react';
import type { PortfolioOverview } from '@bist/contracts';
import { StatCard } from '@/components/stat-card';
import {
  changeColorClass,
  formatChange,
  formatNumber,
  formatPercentInSentence,
  formatPrice,
  formatSignedPrice,
} from '@/lib/format';
import '@/features/portfolio/i18n';

/** Total value (with cost), profit or loss, number of holdings (with today's change) and the cash balance. */
export function PortfolioSummaryCards({
  overview,
  loading,
}: {
  overview: PortfolioOverview['overview'] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('portfolio');
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        testId="card-total-value"
        title={t('cards.totalValue')}
        icon={Briefcase}
        loading={loading}
        value={formatPrice(overview?.total_value)}
        hint={t('cards.cost', { cost: formatPrice(overview?.total_cost) })}
      />
      <StatCard
        testId="card-gain-loss"
        title={t('cards.gainLoss')}
        icon={TrendingUp}
        loading={loading}
        value={overview ? formatSignedPrice(overview.total_gain_loss) : ''}
        valueClassName={changeColorClass(overview?.total_gain_loss)}
        hint={
          <span className={changeColorClass(overview?.total_gain_loss_percent)}>
            {formatChange(overview?.total_gain_loss_percent)}
          </span>
        }
      />
      <StatCard
        testId="card-holdings-count"
        title={t('cards.holdingsCount')}
        icon={Layers}
        loading={loading}
        value={formatNumber(overview?.holdings_count)}
        hint={t('cards.daily', { change: formatChange(overview?.daily_change_percent) })}
      />
      <StatCard
        testId="card-cash"
        title={t('cards.cash')}
        icon={Wallet}
        loading={loading}
        value={formatPrice(overview?.cash_balance)}
        hint={
          overview?.allow_negative_cash
            ? t('cards.negativeCash')
            : t('cards.cashWeight', { percent: formatPercentInSentence(overview?.cash_weight_percent) })
        }
      />
    </div>
  );
}
