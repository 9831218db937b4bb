import { useMemo } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { useDailySummary } from '@/features/predictions/api/get-daily-summary';
import { useMlAlgorithms } from '@/features/predictions/api/get-ml-algorithms';
import { formatIsoDate } from '@/lib/format';
import { sampleAlgorithms, sampleDailySummary } from '@/features/predictions/lib/sample-data';
import { AccuracyAnalysis } from './accuracy-analysis';
import { AlgorithmPerformance } from './algorithm-performance';
import { ExampleBadge } from './prediction-badges';
import { ExampleBanner } from './example-banner';
import { ModelsSourceLine } from './models-source-line';
import { PredictionSummaryCards } from './prediction-summary-cards';
import { ProductionModels } from './production-models';
import { TopPredictionsTable } from './top-predictions-table';
import '@/features/predictions/i18n';

const timeFormat = new Intl.DateTimeFormat('tr-TR', {
  timeZone: 'Europe/Istanbul',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * AI Tahminler: four cards, three tabs (top predictions, algorithm performance, accuracy analysis), refreshed every
 * 60 s. While the server has no predictions yet (status 'no_predictions_yet') a sample fills the screen, labelled
 * 'Örnek veri' everywhere it appears.
 */
export function PredictionsPage() {
  const { t } = useTranslation('predictions');
  useDocumentTitle(t('title'));
  const summary = useDailySummary();
  const algorithms = useMlAlgorithms();

  const summaryExample = summary.data?.status === 'no_predictions_yet';
  const algorithmsExample = algorithms.data?.status === 'no_predictions_yet';
  const sample = useMemo(() => (summaryExample ? sampleDailySummary() : null), [summaryExample]);
  const sampleAlgos = useMemo(() => (algorithmsExample ? sampleAlgorithms() : null), [algorithmsExample]);
  const view = sample ?? summary.data;
  const algorithmRows = sampleAlgos ?? algorithms.data?.algorithms ?? [];

  const fetching = summary.isFetching || algorithms.isFetching;
  const refresh = () => {
    void summary.refetch();
    void algorithms.refetch();
  };

  const header = (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="mt-1 text-sm text-muted-foreground tabular-nums" data-testid="predictions-updated">
          {summary.dataUpdatedAt > 0
            ? summary.data?.as_of_date
              ? t('asOf', {
                  date: formatIsoDate(summary.data.as_of_date),
                  time: timeFormat.format(summary.dataUpdatedAt),
                })
              : t('lastUpdate', { time: timeFormat.format(summary.dataUpdatedAt) })
            : t('subtitle')}
        </p>
        <ModelsSourceLine className="mt-1" />
      </div>
      <Button
        variant="outline"
        onClick={refresh}
        disabled={fetching}
        className="self-start sm:self-auto"
        data-testid="predictions-refresh"
      >
        <RefreshCw className={cn(fetching && 'animate-spin motion-reduce:animate-none')} aria-hidden="true" />
        {t('refresh')}
      </Button>
    </div>
  );

  if (summary.isError && !summary.data) {
    return (
      <div className="space-y-6">
        {header}
        <Card role="alert" className="border-down/40 bg-down/5 p-5" data-testid="predictions-error">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-3">
              <AlertTriangle className="mt-0.5 size-5 shrink-0 text-down" aria-hidden="true" />
              <div>
                <p className="font-semibold text-down">{t('error')}</p>
                <p className="mt-1 text-sm text-muted-foreground">{summary.error.message}</p>
              </div>
            </div>
            <Button variant="outline" onClick={refresh} disabled={fetching}>
              <RefreshCw
                className={cn(fetching && 'animate-spin motion-reduce:animate-none')}
                aria-hidden="true"
              />
              {t('refresh')}
            </Button>
          </div>
        </Card>
      </div>
    );
  }

  const loading = !view;
  const exampleMark = summaryExample ? <ExampleBadge /> : null;

  return (
    <div className="space-y-6">
      {header}

      {summaryExample ? <ExampleBanner /> : null}

      <PredictionSummaryCards summary={view?.summary} loading={loading} example={summaryExample} />

      <Tabs defaultValue="top" className="min-w-0">
        <div className="pb-1">
          <TabsList
            aria-label={t('tabs.label')}
            className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-9 sm:w-auto [&>button]:whitespace-normal [&>button]:text-xs sm:[&>button]:text-sm"
          >
            <TabsTrigger value="top">{t('tabs.top')}</TabsTrigger>
            <TabsTrigger value="algorithms">{t('tabs.algorithms')}</TabsTrigger>
            <TabsTrigger value="accuracy">{t('tabs.accuracy')}</TabsTrigger>
          </TabsList>
        </div>

        <TabsContent value="top">
          <Card>
            <CardHeader>
              <div className="flex flex-wrap items-center gap-2">
                <CardTitle className="text-base">{t('table.title')}</CardTitle>
                {exampleMark}
              </div>
              <CardDescription>{t('table.description')}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4 px-2 sm:px-5">
              {view && !summaryExample ? (
                <ProductionModels models={view.production_models} liquidityRule={view.liquidity_rule} />
              ) : null}
              {view && !summaryExample
                ? view.production_models
                    .filter((m) => m.kind === 'factor')
                    .map((m) => (
                      <p
                        key={m.horizon_days}
                        className="rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm"
                        data-testid="factor-served-notice"
                      >
                        {t('table.factorServed', {
                          horizon: m.horizon_days,
                          name: t(`factor.${m.factor_id ?? ''}`, { defaultValue: m.algorithm_name }),
                        })}
                      </p>
                    ))
                : null}
              {!loading && view.top_predictions.length === 0 ? (
                <p
                  className="py-10 text-center text-sm text-muted-foreground"
                  data-testid="predictions-empty"
                >
                  {t('table.empty')}
                </p>
              ) : (
                <TopPredictionsTable
                  rows={view?.top_predictions ?? []}
                  loading={loading}
                  linkStocks={!summaryExample}
                />
              )}
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="algorithms">
          <AlgorithmPerformance
            algorithms={algorithmRows}
            loading={!algorithms.data && !algorithms.isError}
            example={algorithmsExample}
            error={
              algorithms.isError && !algorithms.data ? (
                <p role="alert" className="py-10 text-center text-sm text-down">
                  {t('error')}
                </p>
              ) : undefined
            }
          />
        </TabsContent>

        <TabsContent value="accuracy">
          <AccuracyAnalysis
            history={view?.accuracy_history ?? []}
            source={view?.accuracy_history_source ?? null}
            loading={loading}
            example={summaryExample}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
