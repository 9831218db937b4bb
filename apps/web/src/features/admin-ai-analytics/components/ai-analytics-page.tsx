import { useState, type ReactNode } from 'react';
import {
  Activity,
  Bot,
  Briefcase,
  Database,
  LineChart,
  PieChart,
  RefreshCw,
  Sparkles,
  TrendingUp,
} from 'lucide-react';
import type { AiAnalysisType } from '@bist/contracts';
import { AI_OVERVIEW_ANALYSES, AI_OVERVIEW_PREDICTIONS, PRODUCTION_MIN_T } from '@bist/contracts/values';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { StaffSourceLine } from '@/components/staff-source-line';
import { StatCard } from '@/components/stat-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { useGeneratePredictions } from '@/features/admin-ai-analytics/api/generate-predictions';
import { useAiDashboard } from '@/features/admin-ai-analytics/api/get-ai-dashboard';
import { useAiPredictions } from '@/features/admin-ai-analytics/api/get-ai-predictions';
import { useAiStocks } from '@/features/admin-ai-analytics/api/get-ai-stocks';
import { useMarketAnalyses } from '@/features/admin-ai-analytics/api/get-market-analyses';
import { useOptimizations } from '@/features/admin-ai-analytics/api/get-optimizations';
import {
  useOptimizePortfolio,
  type OptimizeInputs,
} from '@/features/admin-ai-analytics/api/optimize-portfolio';
import { useRunMarketAnalysis } from '@/features/admin-ai-analytics/api/run-market-analysis';
import { useUpdateStocks } from '@/features/admin-ai-analytics/api/update-stocks';
import { fractionPercent, signedFractionPercent } from '@/features/admin-ai-analytics/lib/format';
import { AnalysisCard } from './analysis-card';
import { OptimizationCard } from './optimization-card';
import { OptimizationForm } from './optimization-form';
import { PredictionsTable } from './predictions-table';
import { ProductionModelCard } from './production-model-card';
import { StocksTable } from './stocks-table';
import '@/features/admin-ai-analytics/i18n';

const TABS = ['overview', 'predictions', 'analysis', 'portfolio', 'stocks'] as const;
type Tab = (typeof TABS)[number];

/** The server's reason under the spec's failure message (spec §8), as a toast. */
const failure = (title: string) => (error: unknown) =>
  toast.error(title, { description: isApiError(error) ? (error.serverError ?? error.message) : undefined });

function Empty({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-muted-foreground">{children}</p>;
}

/**
 * /admin/ai: on-demand predictions from the production model, market analyses, portfolio optimisations and the
 * engine's stock data. Every figure comes from the server; the server enforces ai_management.
 */
export function AiAnalyticsPage() {
  const { t } = useAdminTranslation();
  useDocumentTitle(t('aiAnalytics.title'));
  const [tab, setTab] = useState<Tab>('overview');
  const dashboard = useAiDashboard();
  const predictions = useAiPredictions();
  const analyses = useMarketAnalyses();
  const optimizations = useOptimizations();
  const stocks = useAiStocks();
  const generate = useGeneratePredictions();
  const analyse = useRunMarketAnalysis();
  const optimize = useOptimizePortfolio();
  const update = useUpdateStocks();

  const onGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: (r) => {
        toast.success(t('aiAnalytics.generated', { count: r.predictions.length }), {
          description:
            r.missing_symbols.length > 0
              ? t('aiAnalytics.generatedMissing', { symbols: r.missing_symbols.join(', ') })
              : `${r.model.model_name}${r.model.model_version !== null ? ` v${r.model.model_version}` : ''}`,
        });
      },
      onError: failure(t('aiAnalytics.failed.predictions')),
    });
  const onAnalyse = (type: AiAnalysisType) =>
    analyse.mutate(type, {
      onSuccess: () => {
        toast.success(t('aiAnalytics.analysisGenerated', { type }));
        setTab('analysis');
      },
      onError: failure(t('aiAnalytics.failed.analysis')),
    });
  const onOptimize = (inputs: OptimizeInputs) =>
    optimize.mutate(inputs, {
      onSuccess: (o) => {
        if (o.reused) toast.info(t('aiAnalytics.form.reused'));
        else toast.success(t('aiAnalytics.optimized'));
        setTab('portfolio');
      },
      onError: failure(t('aiAnalytics.failed.optimize')),
    });
  const onUpdate = () =>
    update.mutate(undefined, {
      onSuccess: (d) =>
        toast.success(t('aiAnalytics.updated'), {
          description: t('aiAnalytics.updatedDetail', {
            changed: d.stocks_changed,
            total: d.total_stocks,
            age: d.data_age_seconds ?? '—',
            source: d.source,
          }),
        }),
      onError: failure(t('aiAnalytics.failed.stocks')),
    });

  const d = dashboard.data;
  const predictionRows = predictions.data ?? [];
  // The production model of the latest on-demand predictions (its windows and call mode come with them).
  const production = generate.data?.model ?? null;
  const analysisRows = analyses.data ?? [];
  const optimizationRows = optimizations.data ?? [];
  const generateButton = (label: string) => (
    <Button onClick={onGenerate} disabled={generate.isPending} data-testid="generate-predictions">
      {generate.isPending ? <Spinner /> : <Sparkles />}
      {generate.isPending ? t('aiAnalytics.generating') : label}
    </Button>
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('aiAnalytics.title')}
        subtitle={
          <>
            {t('aiAnalytics.subtitle')}
            <StaffSourceLine className="mt-1" />
          </>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {generateButton(t('aiAnalytics.generate'))}
            <Button variant="outline" onClick={onUpdate} disabled={update.isPending}>
              <RefreshCw className={cn(update.isPending && 'animate-spin')} />
              {t('aiAnalytics.updateData')}
            </Button>
          </div>
        }
      />

      {dashboard.isError ? (
        <ErrorCard
          message={t('aiAnalytics.loadFailed')}
          retry={{ label: t('common.retry'), onRetry: () => void dashboard.refetch() }}
        />
      ) : null}
      {dashboard.isPending ? (
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> {t('aiAnalytics.loading')}
        </div>
      ) : null}

      <section className="space-y-3">
        <h2 className="text-lg font-semibold">{t('aiAnalytics.overviewTitle')}</h2>
        <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
          <StatCard
            title={t('aiAnalytics.cards.predictions')}
            icon={Bot}
            loading={!d}
            value={
              d && d.predictions.total_predictions === 0 && d.predictions.production_predictions > 0
                ? d.predictions.production_predictions
                : d?.predictions.total_predictions
            }
            hint={
              d && d.predictions.total_predictions === 0 && d.predictions.production_predictions > 0
                ? t('aiAnalytics.cards.predictionsProduction', {
                    count: d.predictions.production_predictions,
                    date: d.predictions.production_as_of ?? '—',
                  })
                : t('aiAnalytics.cards.predictionsHint', {
                    value: fractionPercent(d?.predictions.avg_confidence),
                  })
            }
            compact
            testId="card-predictions"
          />
          <StatCard
            title={t('aiAnalytics.cards.analyses')}
            icon={Activity}
            loading={!d}
            value={d?.analysis.total_analyses}
            hint={t('aiAnalytics.cards.analysesHint', { count: d?.analysis.recent_analyses ?? 0 })}
            compact
            testId="card-analyses"
          />
          <StatCard
            title={t('aiAnalytics.cards.optimizations')}
            icon={Briefcase}
            loading={!d}
            value={d?.portfolio.total_optimizations}
            hint={t('aiAnalytics.cards.optimizationsHint', {
              value: signedFractionPercent(d?.portfolio.avg_expected_return, 1),
            })}
            compact
            testId="card-optimizations"
          />
          <StatCard
            title={t('aiAnalytics.cards.stocks')}
            icon={Database}
            loading={!d}
            value={d?.stocks.stocks_with_data}
            hint={t('aiAnalytics.cards.stocksHint', { total: d?.stocks.total_stocks ?? 0 })}
            compact
            testId="card-stocks"
          />
        </div>
      </section>

      <Card>
        <CardHeader>
          <CardTitle>{t('aiAnalytics.quickActions')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-3">
          <Button variant="outline" onClick={() => onAnalyse('sector')} disabled={analyse.isPending}>
            <PieChart /> {t('aiAnalytics.actions.sector')}
          </Button>
          <Button variant="outline" onClick={() => onAnalyse('momentum')} disabled={analyse.isPending}>
            <TrendingUp /> {t('aiAnalytics.actions.momentum')}
          </Button>
          <Button variant="outline" onClick={() => setTab('portfolio')}>
            <LineChart /> {t('aiAnalytics.actions.optimize')}
          </Button>
        </CardContent>
      </Card>

      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <div className="overflow-x-auto">
          <TabsList>
            {TABS.map((k) => (
              <TabsTrigger key={k} value={k}>
                {t(`aiAnalytics.tabs.${k}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>

        <TabsContent value="overview" className="space-y-4">
          {production ? <ProductionModelCard model={production} /> : null}
          <Card>
            <CardHeader>
              <CardTitle>{t('aiAnalytics.latestPredictions')}</CardTitle>
            </CardHeader>
            <CardContent>
              {predictionRows.length > 0 ? (
                <PredictionsTable rows={predictionRows.slice(0, AI_OVERVIEW_PREDICTIONS)} />
              ) : (
                <Empty>{t('aiAnalytics.noPredictions')}</Empty>
              )}
            </CardContent>
          </Card>
          <h3 className="font-semibold">{t('aiAnalytics.latestAnalyses')}</h3>
          {analysisRows.length > 0 ? (
            <div className="grid gap-4 lg:grid-cols-3">
              {analysisRows.slice(0, AI_OVERVIEW_ANALYSES).map((a) => (
                <AnalysisCard key={a.analysis_id} analysis={a} />
              ))}
            </div>
          ) : (
            <Empty>{t('aiAnalytics.noAnalyses')}</Empty>
          )}
        </TabsContent>

        <TabsContent value="predictions" className="space-y-4">
          <div className="flex items-center justify-between gap-4">
            <p className="text-xs text-muted-foreground">
              {t('aiAnalytics.predictionBasis', { bar: PRODUCTION_MIN_T })}
            </p>
            {generateButton(t('aiAnalytics.generateNew'))}
          </div>
          {production ? <ProductionModelCard model={production} /> : null}
          {predictionRows.length > 0 ? (
            <PredictionsTable rows={predictionRows} detailed />
          ) : (
            <Empty>{t('aiAnalytics.noPredictions')}</Empty>
          )}
        </TabsContent>

        <TabsContent value="analysis" className="space-y-4">
          {analysisRows.length > 0 ? (
            analysisRows.map((a) => <AnalysisCard key={a.analysis_id} analysis={a} detailed />)
          ) : (
            <Empty>{t('aiAnalytics.noAnalyses')}</Empty>
          )}
        </TabsContent>

        <TabsContent value="portfolio" className="space-y-4">
          <OptimizationForm pending={optimize.isPending} onSubmit={onOptimize} />
          {optimizationRows.length > 0 ? (
            optimizationRows.map((o, i) => (
              <OptimizationCard key={o.optimization_id} o={o} detailed={i === 0} />
            ))
          ) : (
            <Empty>{t('aiAnalytics.noOptimizations')}</Empty>
          )}
        </TabsContent>

        <TabsContent value="stocks" className="space-y-4">
          <div className="flex justify-end">
            <Button variant="outline" onClick={onUpdate} disabled={update.isPending}>
              <RefreshCw className={cn(update.isPending && 'animate-spin')} />
              {t('aiAnalytics.updateFromApi')}
            </Button>
          </div>
          {stocks.data && stocks.data.length > 0 ? (
            <StocksTable rows={stocks.data} />
          ) : (
            <Empty>{t('aiAnalytics.noStocks')}</Empty>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
