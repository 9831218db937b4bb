import { useState } from 'react';
import { BellRing, Boxes, BrainCircuit, Power, RefreshCw } from 'lucide-react';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { adminCan, useAdminSession } from '@/lib/admin-session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { useAiAlgorithms } from '@/features/admin-ai-operations/api/get-ai-algorithms';
import { usePerformanceOverview } from '@/features/admin-ai-operations/api/get-performance-overview';
import { useRealtimeDashboard } from '@/features/admin-ai-operations/api/get-realtime-dashboard';
import { dateTime } from '@/features/admin-ai-operations/lib/format';
import { AlgorithmsTab } from './algorithms-tab';
import { ControlTab } from './control-tab';
import { OverviewTab } from './overview-tab';
import { PerformanceTab } from './performance-tab';
import { RealtimeTab } from './realtime-tab';
import '@/features/admin-ai-operations/i18n';

const TABS = ['overview', 'algorithms', 'performance', 'realtime', 'control'] as const;
type Tab = (typeof TABS)[number];

/**
 * /admin/ai-unified: the AI operations centre. Every figure comes from the job system and the model registry;
 * actions need ai_management on the server (the buttons are disabled without it).
 */
export function AiOperationsPage() {
  const { t } = useAdminTranslation();
  useDocumentTitle(t('aiOps.title'));
  const { session } = useAdminSession();
  const canAct = adminCan(session?.user, 'ai_management');
  const canConfigure = adminCan(session?.user, 'all');
  const [tab, setTab] = useState<Tab>('overview');
  const algorithms = useAiAlgorithms();
  const overview = usePerformanceOverview();
  const realtime = useRealtimeDashboard();
  const fetching = algorithms.isFetching || overview.isFetching;
  const updatedAt = Math.max(algorithms.dataUpdatedAt, overview.dataUpdatedAt);
  const stats = overview.data?.system_stats;

  const refresh = () => {
    void algorithms.refetch();
    void overview.refetch();
    void realtime.refetch();
  };

  const algorithmCount = stats?.total_algorithms ?? algorithms.data?.data.length;
  const ready =
    algorithms.data && overview.data ? { algorithms: algorithms.data, overview: overview.data } : null;
  const pending = (
    <div className="flex justify-center py-12">
      {algorithms.isError || overview.isError ? null : <Spinner label={t('common.loading')} />}
    </div>
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('aiOps.title')}
        subtitle={
          <>
            {/* The count once it is known: no '0 algorithms' while loading. */}
            {algorithmCount === undefined
              ? t('common.loading')
              : t('aiOps.subtitle', { count: algorithmCount })}
            {updatedAt > 0 ? (
              <span className="block text-xs">
                {t('aiOps.lastUpdated', { time: dateTime(new Date(updatedAt).toISOString()) })}
              </span>
            ) : null}
          </>
        }
        actions={
          <Button variant="outline" size="sm" onClick={refresh} disabled={fetching}>
            <RefreshCw className={cn(fetching && 'animate-spin')} />
            {t('common.refresh')}
          </Button>
        }
      />

      {algorithms.isError || overview.isError ? (
        <ErrorCard message={t('aiOps.loadFailed')} retry={{ label: t('common.retry'), onRetry: refresh }} />
      ) : null}

      <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
        <StatCard
          title={t('aiOps.cards.total')}
          icon={BrainCircuit}
          loading={!stats}
          value={stats?.total_algorithms}
          hint={t('aiOps.cards.totalHint')}
          compact
          testId="card-total"
        />
        <StatCard
          title={t('aiOps.cards.active')}
          icon={Power}
          loading={!stats}
          value={stats?.active_algorithms}
          hint={t('aiOps.cards.activeHint')}
          compact
          testId="card-active"
        />
        <StatCard
          title={t('aiOps.cards.trained')}
          icon={Boxes}
          loading={!stats}
          value={stats?.trained_models}
          hint={t('aiOps.cards.trainedHint', { count: stats?.trained_algorithms ?? 0 })}
          compact
          testId="card-trained"
        />
        <StatCard
          title={t('aiOps.cards.alerts')}
          icon={BellRing}
          loading={!stats}
          value={stats?.performance_alerts}
          hint={t('aiOps.cards.alertsHint')}
          compact
          testId="card-alerts"
        />
      </div>

      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <div className="overflow-x-auto">
          <TabsList>
            {TABS.map((k) => (
              <TabsTrigger key={k} value={k}>
                {t(`aiOps.tabs.${k}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {/* The active tab’s panel exists while the data loads, with the spinner in it: its trigger's aria-controls
            always points at an element. */}
        <TabsContent value="overview">{ready ? <OverviewTab data={ready.overview} /> : pending}</TabsContent>
        <TabsContent value="algorithms">
          {ready ? <AlgorithmsTab data={ready.algorithms} canAct={canAct} /> : pending}
        </TabsContent>
        <TabsContent value="performance">
          {ready ? <PerformanceTab data={ready.overview} /> : pending}
        </TabsContent>
        <TabsContent value="realtime">
          {ready && realtime.data ? <RealtimeTab data={realtime.data} canAct={canAct} /> : pending}
        </TabsContent>
        <TabsContent value="control">
          {ready ? (
            <ControlTab
              algorithms={ready.algorithms.data}
              overview={ready.overview}
              realtime={realtime.data}
              canAct={canAct}
              canConfigure={canConfigure}
            />
          ) : (
            pending
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
