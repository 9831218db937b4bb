import { useTranslation } from '@/lib/use-translation';
import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import type { AccuracyPoint, AccuracySource } from '@bist/contracts';
import { ACCURACY_HISTORY_DAYS } from '@bist/contracts/values';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber, formatPercent, MISSING } from '@/lib/format';
import { cn } from '@/lib/utils';
import { accuracyStatsOf, accuracyTrendOf } from '@/features/predictions/lib/prediction-rules';
import { AccuracyHistoryChart } from './accuracy-history-chart';
import { AccuracyInfo } from './info-tooltip';
import { ExampleBadge } from './prediction-badges';
import '@/features/predictions/i18n';

/**
 * 'Doğruluk analizi': 7-day line chart, max, average and a trend computed from the data, labelled with where the days
 * come from (the production model's walk-forward until live predictions mature).
 */
export function AccuracyAnalysis({
  history,
  source,
  loading,
  example,
}: {
  history: AccuracyPoint[];
  source: AccuracySource | null;
  loading: boolean;
  example: boolean;
}) {
  const { t } = useTranslation('predictions');
  const points = history.slice(-ACCURACY_HISTORY_DAYS);
  const values = points.map((p) => p.accuracy);
  const stats = accuracyStatsOf(values);
  const trend = accuracyTrendOf(values);
  const TrendIcon = trend === 'up' ? TrendingUp : trend === 'down' ? TrendingDown : Minus;
  const trendLabel =
    trend === 'up'
      ? t('accuracy.trendUp')
      : trend === 'down'
        ? t('accuracy.trendDown')
        : trend === 'flat'
          ? t('accuracy.trendFlat')
          : MISSING;

  return (
    <Card data-testid="accuracy-analysis">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="text-base">{t('accuracy.title')}</CardTitle>
          <AccuracyInfo />
          {example ? <ExampleBadge /> : null}
        </div>
        <CardDescription>{t('accuracy.description', { count: ACCURACY_HISTORY_DAYS })}</CardDescription>
        {source && points.length > 0 ? (
          <p className="text-xs text-muted-foreground" data-testid="accuracy-source" data-source={source}>
            {source === 'walk_forward' ? t('accuracy.sourceWalkForward') : t('accuracy.sourceRealised')}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="h-72" data-testid="accuracy-chart">
          {loading ? (
            <Skeleton className="h-full w-full" />
          ) : points.length > 0 ? (
            <AccuracyHistoryChart
              data={points}
              label={t('accuracy.chartLabel')}
              baselineLabel={t('accuracy.baselineLabel')}
              evaluatedText={(count) => t('accuracy.evaluated', { value: formatNumber(count) })}
            />
          ) : (
            <p
              className="flex h-full items-center justify-center px-6 text-center text-sm text-muted-foreground"
              data-testid="accuracy-empty"
            >
              {t('accuracy.empty')}
            </p>
          )}
        </div>
        <dl className="grid grid-cols-3 gap-2 sm:gap-3">
          <Stat label={t('accuracy.max')} testId="accuracy-max" loading={loading}>
            {formatPercent(stats?.max, 2)}
          </Stat>
          <Stat label={t('accuracy.average')} testId="accuracy-average" loading={loading}>
            {formatPercent(stats?.average, 2)}
          </Stat>
          <Stat label={t('accuracy.trend')} testId="accuracy-trend" loading={loading}>
            <span
              className={cn(
                'inline-flex items-center gap-1',
                trend === 'up' ? 'text-up' : trend === 'down' ? 'text-down' : 'text-neutral',
              )}
              data-trend={trend ?? 'none'}
            >
              {trend ? <TrendIcon className="size-4 shrink-0" aria-hidden="true" /> : null}
              {trendLabel}
            </span>
          </Stat>
        </dl>
      </CardContent>
    </Card>
  );
}

function Stat({
  label,
  testId,
  loading,
  children,
}: {
  label: string;
  testId: string;
  loading: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="min-w-0 rounded-lg border p-3" data-testid={testId}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-sm font-semibold break-words tabular-nums sm:text-lg">
        {loading ? <Skeleton className="h-6 w-16" /> : children}
      </dd>
    </div>
  );
}
