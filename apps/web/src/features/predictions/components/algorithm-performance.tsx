import { useTranslation } from '@/lib/use-translation';
import type { CustomerAlgorithm } from '@bist/contracts';
import { CUSTOMER_ALGORITHM_LIST_MAX } from '@bist/contracts/values';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber, formatPercent } from '@/lib/format';
import { AlgorithmAccuracyChart } from './algorithm-accuracy-chart';
import { Badge } from '@/components/ui/badge';
import { percentTr } from '@/features/predictions/lib/accuracy-text';
import { AccuracyBaselineLine, IndistinguishableBadge } from './accuracy-baseline';
import { AccuracyInfo } from './info-tooltip';
import { AlgorithmName } from './production-models';
import { ExampleBadge } from './prediction-badges';
import '@/features/predictions/i18n';

/**
 * 'Algoritma performansı': a bar chart plus the list of the first 6 algorithms in the server's declared order
 * (edge-adjusted Rank IC), each hit rate beside the market direction and the edge, 'not distinguishable' marked.
 */
export function AlgorithmPerformance({
  algorithms,
  loading,
  example,
  error,
}: {
  algorithms: CustomerAlgorithm[];
  loading: boolean;
  example: boolean;
  error?: React.ReactNode;
}) {
  const { t } = useTranslation('predictions');
  const shown = algorithms.slice(0, CUSTOMER_ALGORITHM_LIST_MAX);
  const evaluated = shown.filter((a): a is CustomerAlgorithm & { accuracy: number } => a.accuracy !== null);
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-5" data-testid="algorithm-performance">
      <Card className="xl:col-span-3">
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle className="text-base">{t('algorithms.title')}</CardTitle>
            <AccuracyInfo />
            {example ? <ExampleBadge /> : null}
          </div>
          <CardDescription>
            {t('algorithms.description', { count: CUSTOMER_ALGORITHM_LIST_MAX })}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {error ?? (
            <div className="h-72" data-testid="algorithm-chart">
              {loading ? (
                <Skeleton className="h-full w-full" />
              ) : evaluated.length > 0 ? (
                <AlgorithmAccuracyChart
                  data={evaluated.map((a) => ({ name: a.algorithm_name, accuracy: a.accuracy }))}
                  label={t('algorithms.chartLabel')}
                />
              ) : (
                <p className="flex h-full items-center justify-center text-center text-sm text-muted-foreground">
                  {t('algorithms.empty')}
                </p>
              )}
            </div>
          )}
        </CardContent>
      </Card>
      <Card className="xl:col-span-2">
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle className="text-base">{t('algorithms.listTitle')}</CardTitle>
            <AccuracyInfo />
          </div>
        </CardHeader>
        <CardContent>
          {loading ? (
            <ul className="space-y-4">
              {Array.from({ length: CUSTOMER_ALGORITHM_LIST_MAX }, (_, i) => (
                <li key={i}>
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="mt-2 h-2 w-full" />
                </li>
              ))}
            </ul>
          ) : shown.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">{t('algorithms.empty')}</p>
          ) : (
            <ol className="space-y-4" aria-label={t('algorithms.title')}>
              {shown.map((a, i) => (
                <li key={a.algorithm_id} data-testid="algorithm-item">
                  <div className="flex items-baseline justify-between gap-3">
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium">
                        <span>
                          <span className="mr-1.5 text-muted-foreground tabular-nums">{i + 1}.</span>
                          <AlgorithmName name={a.algorithm_name} english={a.algorithm_name_en} />
                        </span>
                        {a.is_production ? (
                          <Badge className="text-[11px]" data-testid="production-badge">
                            {t('algorithms.productionBadge')}
                          </Badge>
                        ) : null}
                        {a.accuracy_detail?.indistinguishable ? <IndistinguishableBadge /> : null}
                      </p>
                      <p className="flex flex-wrap gap-x-1.5 text-xs text-muted-foreground tabular-nums">
                        <span>
                          {t('algorithms.predictions', { value: formatNumber(a.predictions_count) })}
                        </span>
                        {a.accuracy_source ? (
                          <span>· {t(`algorithms.source.${a.accuracy_source}`)}</span>
                        ) : null}
                        {a.hit_rate_ci ? (
                          <span>
                            ·{' '}
                            {t('algorithms.ci', {
                              low: percentTr(a.hit_rate_ci.low),
                              high: percentTr(a.hit_rate_ci.high),
                            })}
                          </span>
                        ) : null}
                      </p>
                      {a.accuracy_detail ? (
                        <AccuracyBaselineLine detail={a.accuracy_detail} interval />
                      ) : null}
                    </div>
                    <span className="shrink-0 text-sm font-semibold tabular-nums" data-role="accuracy">
                      {a.accuracy === null ? t('algorithms.notEvaluated') : formatPercent(a.accuracy, 2)}
                    </span>
                  </div>
                  <Progress
                    value={a.accuracy ?? 0}
                    className="mt-2 h-1.5"
                    aria-label={`${a.algorithm_name}: ${formatPercent(a.accuracy, 2)}`}
                  />
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
