import { useTranslation } from '@/lib/use-translation';
import { Brain, Cpu, ShieldCheck, Target } from 'lucide-react';
import type { DailySummary } from '@bist/contracts';
import { Progress } from '@/components/ui/progress';
import { formatNumber, formatPercent } from '@/lib/format';
import { percentTr, pointsTr } from '@/features/predictions/lib/accuracy-text';
import { AccuracyInfo } from './info-tooltip';
import { ExampleBadge } from './prediction-badges';
import { PredictionStatCard } from './prediction-stat-card';
import '@/features/predictions/i18n';

/**
 * Predictions made, the algorithms' average accuracy (with its bar), high-confidence predictions and active
 * algorithms; each marked as an example when the figures are the sample.
 */
export function PredictionSummaryCards({
  summary: s,
  loading,
  example,
}: {
  summary: DailySummary['summary'] | undefined;
  loading: boolean;
  example: boolean;
}) {
  const { t } = useTranslation('predictions');
  const exampleMark = example ? <ExampleBadge /> : null;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <PredictionStatCard
        title={t('cards.generated')}
        titleExtra={exampleMark}
        icon={Brain}
        loading={loading}
        value={formatNumber(s?.predictions_generated)}
        hint={t('cards.generatedHint')}
        testId="card-predictions-generated"
      />
      <PredictionStatCard
        title={t('cards.accuracy')}
        titleExtra={
          <>
            <AccuracyInfo />
            {exampleMark}
          </>
        }
        icon={Target}
        loading={loading}
        value={formatPercent(s?.average_accuracy, 1)}
        hint={
          s?.average_accuracy === null
            ? t('cards.accuracyNone')
            : s && s.average_baseline !== null
              ? t('cards.accuracyBaseline', {
                  baseline: percentTr(s.average_baseline),
                  edge: pointsTr(s.average_accuracy - s.average_baseline),
                })
              : undefined
        }
        footer={
          <Progress
            value={s?.average_accuracy ?? 0}
            aria-label={t('cards.accuracy')}
            data-testid="accuracy-progress"
          />
        }
        testId="card-average-accuracy"
      />
      <PredictionStatCard
        title={t('cards.highConfidence')}
        titleExtra={exampleMark}
        icon={ShieldCheck}
        loading={loading}
        value={formatNumber(s?.high_confidence_predictions)}
        hint={t('cards.highConfidenceHint')}
        testId="card-high-confidence"
      />
      <PredictionStatCard
        title={t('cards.algorithms')}
        titleExtra={exampleMark}
        icon={Cpu}
        loading={loading}
        value={formatNumber(s?.algorithms_active)}
        hint={t('cards.algorithmsHint')}
        testId="card-active-algorithms"
      />
    </div>
  );
}
