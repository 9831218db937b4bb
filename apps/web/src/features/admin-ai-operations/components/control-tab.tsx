import { useState } from 'react';
import type { AdminAlgorithm, PerformanceOverview, RealtimeDashboard } from '@bist/contracts';
import { PauseCircle, Play, Sparkles } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { setAlgorithmEnabled, useAiAction } from '@/features/admin-ai-operations/api/algorithm-actions';
import { setAutoRetrain } from '@/features/admin-ai-operations/api/set-auto-retrain';
import { startMlRun } from '@/features/admin-ai-operations/api/start-ml-run';
import { EmergencyStopButton } from './emergency-stop-dialog';

const failed = (t: (k: string) => string) => (error: unknown) =>
  toast.error(t('aiOps.actionFailed'), {
    description: isApiError(error) ? (error.serverError ?? error.message) : undefined,
  });

/** Bulk actions and the system controls, each wired to the job system or the settings it reads. */
export function ControlTab({
  algorithms,
  overview,
  realtime,
  canAct,
  canConfigure,
}: {
  algorithms: AdminAlgorithm[];
  overview: PerformanceOverview;
  realtime: RealtimeDashboard | undefined;
  canAct: boolean;
  canConfigure: boolean;
}) {
  const { t } = useAdminTranslation();
  const [pauseOpen, setPauseOpen] = useState(false);
  const run = useAiAction(startMlRun);
  const critical = algorithms.filter((a) => a.is_active && a.health === 'critical');
  const pause = useAiAction(async (list: AdminAlgorithm[]) => {
    for (const a of list) await setAlgorithmEnabled(a.algorithm_id, false);
    return list.length;
  });
  const retrain = useAiAction(setAutoRetrain);
  const auto = overview.system_stats.auto_retrain;
  const s = realtime?.system_stats;

  const bulk = (kind: 'train' | 'predict') =>
    run.mutate(kind, {
      onSuccess: () =>
        toast.success(
          kind === 'train' ? t('aiOps.control.queuedTrain') : t('aiOps.control.queued', { kind }),
        ),
      onError: failed(t),
    });

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>{t('aiOps.control.bulkTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-2">
          <Button variant="outline" disabled={!canAct || run.isPending} onClick={() => bulk('train')}>
            <Play />
            {t('aiOps.control.trainAll')}
          </Button>
          <Button variant="outline" disabled={!canAct || run.isPending} onClick={() => bulk('predict')}>
            <Sparkles />
            {t('aiOps.control.predictAll')}
          </Button>
          <Button variant="outline" disabled={!canAct || pause.isPending} onClick={() => setPauseOpen(true)}>
            <PauseCircle />
            {t('aiOps.control.pauseLow')}
          </Button>
          <EmergencyStopButton
            algorithm={null}
            disabled={!canAct}
            size="default"
            label={t('aiOps.control.stopAll')}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('aiOps.control.systemTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="divide-y text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div>
              <p className="font-medium">{t('aiOps.control.autoRetrain')}</p>
              <p className="text-xs text-muted-foreground">{t('aiOps.control.autoRetrainText')}</p>
            </div>
            <div className="flex items-center gap-2">
              <Badge variant={auto ? 'up' : 'outline'} data-testid="auto-retrain">
                {auto ? t('aiOps.control.enabled') : t('aiOps.control.disabled')}
              </Badge>
              <Button
                size="sm"
                variant="outline"
                disabled={!canConfigure || retrain.isPending}
                title={canConfigure ? undefined : t('aiOps.needsPermission')}
                onClick={() => retrain.mutate(!auto, { onError: failed(t) })}
              >
                {auto ? t('aiOps.control.turnOff') : t('aiOps.control.turnOn')}
              </Button>
            </div>
          </div>
          <div className="py-3">
            <p className="font-medium">{t('aiOps.control.monitoring')}</p>
            <p className="text-xs text-muted-foreground">
              {t('aiOps.control.monitoringText', { seconds: (s?.sample_interval_ms ?? 0) / 1000 || '—' })}
            </p>
          </div>
          <div className="py-3">
            <p className="font-medium">{t('aiOps.control.resources')}</p>
            <p className="text-xs text-muted-foreground">
              {s?.workers
                ? t('aiOps.control.resourcesText', { threads: s.workers.threads })
                : t('aiOps.realtime.noPool')}
            </p>
          </div>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={pauseOpen}
        lang="en"
        title={t('aiOps.control.pauseConfirmTitle')}
        text={
          critical.length > 0
            ? t('aiOps.control.pauseConfirmText', { names: critical.map((a) => a.algorithm_name).join(', ') })
            : t('aiOps.control.pauseNone')
        }
        confirmLabel={t('aiOps.common.confirm')}
        cancelLabel={t('aiOps.common.cancel')}
        pending={pause.isPending}
        onOpenChange={setPauseOpen}
        onConfirm={() =>
          critical.length === 0
            ? setPauseOpen(false)
            : pause.mutate(critical, {
                onSuccess: (n) => {
                  toast.success(t('aiOps.control.paused', { count: n }));
                  setPauseOpen(false);
                },
                onError: failed(t),
              })
        }
      />
    </div>
  );
}
