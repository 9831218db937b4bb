import { useTranslation } from '@/lib/use-translation';
import { useQuery } from '@tanstack/react-query';
import { Brain } from 'lucide-react';
import { DASHBOARD_REFRESH_MS } from '@bist/contracts/values';
import { StatCard } from '@/components/stat-card';
import { getDailySummaryQueryOptions } from '@/features/predictions/api/get-daily-summary';
import { formatNumber, MISSING } from '@/lib/format';
import { percentTr } from '@/features/predictions/lib/accuracy-text';
import '@/features/predictions/i18n';

/**
 * The Dashboard's 'AI Tahminleri' card: predictions made and the algorithms' average accuracy beside the market direction, '---' while the
 * summary cannot be read. It polls at the Dashboard's rate.
 */
export function AiPredictionsStatCard() {
  const { t } = useTranslation('predictions');
  const { data } = useQuery({ ...getDailySummaryQueryOptions(), refetchInterval: DASHBOARD_REFRESH_MS });
  const accuracy = data?.summary.average_accuracy ?? null;
  return (
    <StatCard
      title={t('dashboardCard.title')}
      icon={Brain}
      value={data ? formatNumber(data.summary.predictions_generated) : MISSING}
      hint={
        data && accuracy === null
          ? t('dashboardCard.none')
          : t('dashboardCard.averageAccuracy', {
              value: data ? percentTr(accuracy) : MISSING,
              baseline: percentTr(data?.summary.average_baseline),
            })
      }
      testId="card-ai"
    />
  );
}
