import { useState } from 'react';
import type { AdminAlgorithm } from '@bist/contracts';
import { Play, Sparkles } from 'lucide-react';
import { toast } from '@/components/ui/toaster';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { isApiError } from '@/lib/api-client';
import { useAdminTranslation } from '@/lib/admin-i18n';
import {
  setAlgorithmEnabled,
  startAlgorithmRun,
  useAiAction,
} from '@/features/admin-ai-operations/api/algorithm-actions';
import { useMlRun } from '@/features/admin-ai-operations/api/get-ml-run';
import { percent } from '@/features/admin-ai-operations/lib/format';
import { HealthBadge } from './health-badge';

const failed = (t: (k: string) => string) => (error: unknown) =>
  toast.error(t('aiOps.actionFailed'), {
    description: isApiError(error) ? (error.serverError ?? error.message) : undefined,
  });

/** One algorithm: its figures, Train / Predict with the run's progress, and the enable/disable switch. */
export function AlgorithmCard({
  algorithm: a,
  canAct,
  onDetails,
}: {
  algorithm: AdminAlgorithm;
  canAct: boolean;
  onDetails: () => void;
}) {
  const { t } = useAdminTranslation();
  const [runId, setRunId] = useState<string | null>(null);
  const run = useMlRun(runId);
  const start = useAiAction((kind: 'train' | 'predict') => startAlgorithmRun(a.algorithm_id, kind));
  const toggle = useAiAction((enabled: boolean) => setAlgorithmEnabled(a.algorithm_id, enabled));
  const r = run.data;
  const running = r && (r.status === 'queued' || r.status === 'running');

  const launch = (kind: 'train' | 'predict') =>
    start.mutate(kind, {
      onSuccess: (queued) => {
        setRunId(queued.id);
        toast.success(t('aiOps.algorithms.queued', { kind: t(`aiOps.algorithms.${kind}`) }));
      },
      onError: failed(t),
    });

  return (
    <Card className="flex flex-col gap-3 p-4" data-testid={`algorithm-card-${a.algorithm_id}`}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate font-semibold" title={a.algorithm_name}>
            {a.algorithm_name}
          </h3>
          <p className="truncate text-xs text-muted-foreground">{a.algorithm_id}</p>
        </div>
        <HealthBadge algorithm={a} />
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('aiOps.algorithms.type')}</dt>
        <dd className="truncate text-right" title={a.algorithm_type}>
          {a.algorithm_type}
        </dd>
        <dt className="text-muted-foreground">{t('aiOps.algorithms.category')}</dt>
        <dd className="text-right">{a.category}</dd>
        <dt className="text-muted-foreground">{t('aiOps.algorithms.accuracy')}</dt>
        <dd className="text-right tabular-nums" data-testid="accuracy">
          {a.accuracy === null ? t('aiOps.algorithms.notTrained') : percent(a.accuracy)}
        </dd>
        <dt className="text-muted-foreground">{t('aiOps.algorithms.status')}</dt>
        <dd className="text-right">
          <Badge variant={a.is_active ? 'up' : 'outline'} data-testid="algorithm-status">
            {a.is_active ? t('aiOps.algorithms.active') : t('aiOps.algorithms.inactive')}
          </Badge>
        </dd>
      </dl>
      {a.stopped_by ? (
        <p className="text-xs text-down" data-testid="stopped-by">
          {t('aiOps.algorithms.stoppedBy', { who: a.stopped_by, reason: a.stop_reason ?? '' })}
        </p>
      ) : null}
      {r ? (
        <div className="space-y-1" data-testid="run-progress" data-status={r.status}>
          <div className="flex justify-between text-xs text-muted-foreground">
            <span className="truncate">
              {running
                ? (r.message ?? t(`aiOps.algorithms.${r.kind === 'train' ? 'train' : 'predict'}`))
                : t('aiOps.algorithms.runFinished', { kind: r.kind, status: r.status })}
            </span>
            <span className="tabular-nums">{Math.round(r.progress * 100)}%</span>
          </div>
          <Progress
            value={r.progress * 100}
            indicatorClassName={r.status === 'failed' || r.status === 'cancelled' ? 'bg-down' : undefined}
          />
          {r.error ? <p className="text-xs text-down">{r.error}</p> : null}
        </div>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={!canAct || start.isPending || Boolean(running)}
          title={canAct ? undefined : t('aiOps.needsPermission')}
          onClick={() => launch('train')}
        >
          <Play />
          {t('aiOps.algorithms.train')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!canAct || start.isPending || Boolean(running)}
          title={canAct ? undefined : t('aiOps.needsPermission')}
          onClick={() => launch('predict')}
        >
          <Sparkles />
          {t('aiOps.algorithms.predict')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDetails}>
          {t('aiOps.algorithms.details')}
        </Button>
        <label className="ml-auto inline-flex cursor-pointer items-center gap-2 text-xs">
          <input
            type="checkbox"
            role="switch"
            className="size-4 accent-primary"
            checked={a.is_active}
            disabled={!canAct || toggle.isPending}
            aria-label={t('aiOps.algorithms.enable', { name: a.algorithm_name })}
            onChange={(e) => toggle.mutate(e.target.checked, { onError: failed(t) })}
          />
        </label>
      </div>
    </Card>
  );
}
