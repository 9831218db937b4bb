import type { RealtimeDashboard } from '@bist/contracts';
import { Activity, Cpu, MemoryStick, Timer } from 'lucide-react';
import { StatCard } from '@/components/stat-card';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { bytes, dateTime, fixed, percent } from '@/features/admin-ai-operations/lib/format';
import { EmergencyStopButton } from './emergency-stop-dialog';
import { Sparkline } from './sparkline';

/** Measured resources with their recent history, the running jobs, and the performance alerts. */
export function RealtimeTab({ data, canAct }: { data: RealtimeDashboard; canAct: boolean }) {
  const { t } = useAdminTranslation();
  const s = data.system_stats;
  const w = s.workers;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title={t('aiOps.realtime.cpu')}
          icon={Cpu}
          testId="cpu-usage"
          value={percent(s.machine_cpu_percent)}
          hint={t('aiOps.realtime.cpuHint', { process: fixed(s.process_cpu_percent, 1) })}
          footer={
            <Sparkline
              values={data.history.map((h) => h.machine_cpu_percent)}
              label={t('aiOps.realtime.cpu')}
            />
          }
        />
        <StatCard
          title={t('aiOps.realtime.memory')}
          icon={MemoryStick}
          testId="memory-usage"
          value={percent(s.machine_memory_percent)}
          hint={t('aiOps.realtime.memoryHint', { rss: bytes(s.rss_bytes) })}
          footer={
            <Sparkline
              values={data.history.map((h) => h.machine_memory_percent)}
              label={t('aiOps.realtime.memory')}
            />
          }
        />
        <StatCard
          title={t('aiOps.realtime.processes')}
          icon={Activity}
          testId="active-processes"
          value={data.active_processes}
          hint={t('aiOps.realtime.processesHint', { queued: s.jobs_queued })}
          footer={
            <span className="text-xs text-muted-foreground">
              {t('aiOps.realtime.workers')}:{' '}
              {w
                ? t('aiOps.realtime.workersValue', { busy: w.busy, idle: w.idle })
                : t('aiOps.realtime.noPool')}
            </span>
          }
        />
        <StatCard
          title={t('aiOps.realtime.eventLoop')}
          icon={Timer}
          value={s.event_loop_p99_ms === null ? '—' : `${fixed(s.event_loop_p99_ms, 1)} ms`}
          hint={t('aiOps.realtime.sampled', { seconds: s.sample_interval_ms / 1000, cores: s.cores })}
          footer={
            <Sparkline
              values={data.history.map((h) => Math.min(100, h.event_loop_p99_ms ?? 0))}
              label={t('aiOps.realtime.eventLoop')}
            />
          }
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('aiOps.realtime.runsTitle')}</CardTitle>
          </CardHeader>
          <CardContent>
            {data.active_runs.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('aiOps.realtime.runsEmpty')}</p>
            ) : (
              <ul className="space-y-3 text-sm">
                {data.active_runs.map((r) => (
                  <li key={r.id} className="space-y-1">
                    <div className="flex justify-between gap-2">
                      <span className="font-medium">
                        {r.kind} · {r.algorithm_ids?.join(', ') ?? t('aiOps.overview.all')}
                      </span>
                      <span className="tabular-nums text-muted-foreground">
                        {r.status} · {Math.round(r.progress * 100)}%
                      </span>
                    </div>
                    <Progress value={r.progress * 100} />
                    <p className="text-xs text-muted-foreground tabular-nums">
                      {t('aiOps.realtime.started', { time: dateTime(r.started_at ?? r.created_at) })}
                      {r.duration_ms !== null
                        ? ` · ${t('aiOps.realtime.duration', { seconds: Math.round(r.duration_ms / 1000) })}`
                        : ''}
                    </p>
                    <ol
                      className="space-y-0.5 font-mono text-[11px] text-muted-foreground"
                      aria-label={t('aiOps.realtime.log')}
                    >
                      {r.log.slice(-3).map((l) => (
                        <li key={`${l.at}-${l.line}`} className="truncate">
                          {dateTime(l.at)} {l.line}
                        </li>
                      ))}
                    </ol>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('aiOps.realtime.alertsTitle')}</CardTitle>
          </CardHeader>
          <CardContent>
            {data.alerts.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('aiOps.realtime.alertsEmpty')}</p>
            ) : (
              <ul className="divide-y text-sm" data-testid="performance-alerts">
                {data.alerts.map((a) => (
                  <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <div className="min-w-0">
                      <p className="font-medium">{a.algorithm_name}</p>
                      <p className="text-xs text-muted-foreground tabular-nums">
                        {t(`aiOps.health.checks.${a.alert_type}`)} ·{' '}
                        {t('aiOps.realtime.value', { value: fixed(a.value, 3) })} ·{' '}
                        {t('aiOps.realtime.threshold', { threshold: fixed(a.threshold, 2) })} ·{' '}
                        {t('aiOps.realtime.since', { time: dateTime(a.first_seen_at) })}
                      </p>
                    </div>
                    <EmergencyStopButton
                      algorithm={{ id: a.algorithm_id, name: a.algorithm_name }}
                      disabled={!canAct}
                    />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
