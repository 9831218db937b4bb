import { useState } from 'react';
import type { AdminAlgorithm, FeatureDriftView, ModelVersion } from '@bist/contracts';
import { toast } from '@/components/ui/toaster';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { promoteVersion, useAiAction } from '@/features/admin-ai-operations/api/algorithm-actions';
import { useModelVersions } from '@/features/admin-ai-operations/api/get-model-versions';
import { usePerformanceOverview } from '@/features/admin-ai-operations/api/get-performance-overview';
import { dateTime, fixed, percent } from '@/features/admin-ai-operations/lib/format';
import { EmergencyStopButton } from './emergency-stop-dialog';
import { HealthBadge } from './health-badge';
import { ReasonDialog } from './reason-dialog';

/** An algorithm's detail: health checks, model versions with promote / roll back, open alerts, drift per feature. */
export function AlgorithmDetail({
  algorithm: a,
  drift,
  canAct,
  onClose,
}: {
  algorithm: AdminAlgorithm | null;
  drift: FeatureDriftView | null;
  canAct: boolean;
  onClose: () => void;
}) {
  const { t } = useAdminTranslation();
  const versions = useModelVersions(a?.id ?? null);
  const overview = usePerformanceOverview();
  const [promoting, setPromoting] = useState<ModelVersion | null>(null);
  const promote = useAiAction(({ v, reason }: { v: ModelVersion; reason: string }) =>
    promoteVersion(v.algorithm_id, v.id, reason),
  );
  const alerts = (overview.data?.performance_alerts ?? []).filter((x) => x.algorithm_id === a?.algorithm_id);
  const byHorizon = new Map<number, ModelVersion[]>();
  for (const v of versions.data?.versions ?? []) {
    byHorizon.set(v.horizon_days, [...(byHorizon.get(v.horizon_days) ?? []), v]);
  }

  return (
    <Sheet open={a !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent
        side="right"
        closeLabel={t('aiOps.detail.close')}
        className="w-[36rem] overflow-y-auto bg-card p-5"
        lang="en"
      >
        {a ? (
          <div className="space-y-5">
            <div className="space-y-1 pr-8">
              <SheetTitle className="text-lg font-semibold">
                {t('aiOps.detail.title', { name: a.algorithm_name })}
              </SheetTitle>
              <SheetDescription className="text-sm text-muted-foreground">{a.description}</SheetDescription>
              <div className="flex flex-wrap items-center gap-2 pt-1">
                <HealthBadge algorithm={a} />
                <Badge variant={a.is_active ? 'up' : 'outline'}>
                  {a.is_active ? t('aiOps.algorithms.active') : t('aiOps.algorithms.inactive')}
                </Badge>
                <EmergencyStopButton algorithm={a} disabled={!canAct} />
              </div>
            </div>

            <section className="space-y-2">
              <h3 className="text-sm font-semibold">{t('aiOps.detail.checks')}</h3>
              <ul className="divide-y rounded-md border text-sm">
                {a.health_checks.map((c) => (
                  <li
                    key={c.check}
                    className="flex items-center justify-between gap-2 px-3 py-1.5 tabular-nums"
                  >
                    <span>{t(`aiOps.health.checks.${c.check}`)}</span>
                    <span className="text-muted-foreground">
                      {fixed(c.value, c.check === 'rank_ic' ? 4 : c.check === 'drift' ? 3 : 1)}
                      {c.interval ? ` [${fixed(c.interval.low, 2)}, ${fixed(c.interval.high, 2)}]` : ''}
                    </span>
                    <Badge
                      variant={c.status === 'healthy' ? 'up' : c.status === 'critical' ? 'down' : 'neutral'}
                    >
                      {t(`aiOps.health.${c.status}`)}
                    </Badge>
                  </li>
                ))}
              </ul>
            </section>

            <section className="space-y-2">
              <h3 className="text-sm font-semibold">{t('aiOps.detail.versions')}</h3>
              {versions.isPending ? <Spinner /> : null}
              {versions.data && versions.data.versions.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('aiOps.detail.noVersions')}</p>
              ) : null}
              {[...byHorizon.entries()].map(([days, list]) => {
                const champion = list.find((v) => v.champion);
                return (
                  <div key={days} className="space-y-1">
                    <p className="text-xs font-medium text-muted-foreground">
                      {t('aiOps.detail.horizon', { days })}
                    </p>
                    <ul className="divide-y rounded-md border text-sm" data-testid={`versions-h${days}`}>
                      {list.map((v) => (
                        <li key={v.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                          <span className="font-medium">
                            {t('aiOps.detail.version', { version: v.version })}
                          </span>
                          {v.champion ? <Badge>{t('aiOps.detail.champion')}</Badge> : null}
                          <span className="tabular-nums text-muted-foreground">
                            {percent(v.walk_forward.accuracy_percent)} · IC{' '}
                            {fixed(v.walk_forward.rank_ic_mean, 4)} · R² {fixed(v.walk_forward.r2, 3)}
                          </span>
                          <span className="w-full text-xs text-muted-foreground">
                            {t('aiOps.detail.window', { from: v.train_from ?? '—', to: v.train_to })} ·{' '}
                            {dateTime(v.created_at)} · {t('aiOps.detail.by', { who: v.started_by ?? '—' })} ·{' '}
                            {v.code_version ?? '—'} · {v.data_fingerprint?.slice(0, 12) ?? '—'}
                          </span>
                          {!v.champion ? (
                            <Button
                              size="sm"
                              variant="outline"
                              className="ml-auto"
                              disabled={!canAct}
                              onClick={() => {
                                promote.reset();
                                setPromoting(v);
                              }}
                            >
                              {champion && v.version < champion.version
                                ? t('aiOps.detail.rollback')
                                : t('aiOps.detail.promote')}
                            </Button>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })}
              {versions.data ? (
                <p className="text-xs text-muted-foreground">{versions.data.champion_rule}</p>
              ) : null}
            </section>

            <section className="space-y-2">
              <h3 className="text-sm font-semibold">{t('aiOps.detail.alerts')}</h3>
              {alerts.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('aiOps.detail.noAlerts')}</p>
              ) : (
                <ul className="space-y-1 text-sm">
                  {alerts.map((x) => (
                    <li key={x.id}>
                      {t(`aiOps.health.checks.${x.alert_type}`)}: {fixed(x.value, 3)} ({x.detail}) ·{' '}
                      {t('aiOps.realtime.since', { time: dateTime(x.first_seen_at) })}
                    </li>
                  ))}
                </ul>
              )}
            </section>

            {drift ? (
              <section className="space-y-2">
                <h3 className="text-sm font-semibold">{t('aiOps.detail.drift')}</h3>
                <ul className="grid grid-cols-2 gap-x-4 text-xs tabular-nums">
                  {drift.features.map((f) => (
                    <li
                      key={f.name}
                      className={
                        f.psi !== null && f.psi > 0.2
                          ? 'text-down'
                          : f.psi !== null && f.psi > 0.1
                            ? 'text-neutral'
                            : ''
                      }
                    >
                      <span className="inline-block w-28">{f.name}</span>
                      {fixed(f.psi, 3)}{' '}
                      <span className="text-muted-foreground">
                        ({t('aiOps.detail.rawPsi', { value: fixed(f.raw_psi, 3) })})
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        ) : null}
        <ReasonDialog
          open={promoting !== null}
          title={t('aiOps.detail.promoteTitle', { version: promoting?.version ?? 0 })}
          text={t('aiOps.detail.promoteText')}
          confirmLabel={t('aiOps.detail.promote')}
          pending={promote.isPending}
          error={promote.error && isApiError(promote.error) ? (promote.error.serverError ?? null) : null}
          onOpenChange={(open) => (open ? undefined : setPromoting(null))}
          onConfirm={(reason) =>
            promoting &&
            promote.mutate(
              { v: promoting, reason },
              {
                onSuccess: (r) => {
                  toast.success(t('aiOps.detail.promoted', { version: r.version.version }));
                  setPromoting(null);
                },
              },
            )
          }
        />
      </SheetContent>
    </Sheet>
  );
}
