import { useTranslation } from '@/lib/use-translation';
import { CalendarClock, Briefcase, TrendingUp, Wallet } from 'lucide-react';
import type { PortfolioOverview } from '@bist/contracts';
import { StatCard } from '@/components/stat-card';
import { InfoTooltip } from '@/components/info-tooltip';
import {
  changeColorClass,
  formatAmount,
  formatChange,
  formatNumber,
  formatPercentInSentence,
  formatPrice,
  formatSignedPrice,
} from '@/lib/format';
import '@/features/portfolio/i18n';

/**
 * The four cards, one definition each: total value = holdings + cash (what the pie shows); K/Z = the money gained
 * (total value − net deposits: realised + unrealised) with the time-weighted return as its percent, explained in a
 * tooltip; today's change of the holdings; the cash balance.
 */
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
        value={formatPrice(overview?.net_worth)}
        hint={t('cards.totalValueHint', {
          stocks: formatAmount(overview?.total_value),
          cash: formatAmount(overview?.cash_balance),
        })}
      />
      <StatCard
        testId="card-gain-loss"
        title={t('cards.gainLoss')}
        icon={TrendingUp}
        loading={loading}
        value={overview ? formatSignedPrice(overview.total_return) : ''}
        valueClassName={changeColorClass(overview?.total_return)}
        hint={
          <span className="inline-flex items-center gap-1">
            {t('cards.twr')}{' '}
            <span className={changeColorClass(overview?.twr_percent)} data-testid="card-twr">
              {formatChange(overview?.twr_percent)}
            </span>
            <InfoTooltip label={t('cards.twrHelpLabel')} text={t('cards.twrHelp')} testId="twr-info" />
          </span>
        }
      />
      <StatCard
        testId="card-today"
        title={t('cards.today')}
        icon={CalendarClock}
        loading={loading}
        value={overview ? formatSignedPrice(overview.daily_change) : ''}
        valueClassName={changeColorClass(overview?.daily_change)}
        hint={
          <>
            <span className={changeColorClass(overview?.daily_change_percent)}>
              {formatChange(overview?.daily_change_percent)}
            </span>{' '}
            ·{' '}
            {t('cards.holdingsCount', {
              count: overview?.holdings_count ?? 0,
              formatted: formatNumber(overview?.holdings_count),
            })}
          </>
        }
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
