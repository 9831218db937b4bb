import type { PerformanceOverview } from '@bist/contracts';
import { AI_HEALTH_RULE_TEXT } from '@bist/contracts/values';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { dateTime } from '@/features/admin-ai-operations/lib/format';

/** Health counts by the measured-skill rule, and the job log's recent activity. */
export function OverviewTab({ data }: { data: PerformanceOverview }) {
  const { t } = useAdminTranslation();
  const s = data.system_stats;
  const rows = [
    { key: 'healthy', value: s.healthy, className: 'text-up' },
    { key: 'warning', value: s.warning, className: 'text-neutral' },
    { key: 'critical', value: s.critical, className: 'text-down' },
    { key: 'unrated', value: s.unrated, className: 'text-muted-foreground' },
  ] as const;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>{t('aiOps.overview.healthTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <ul className="grid grid-cols-2 gap-3">
            {rows.map((r) => (
              <li key={r.key} className="rounded-lg border p-3" data-testid={`health-count-${r.key}`}>
                <p className="text-xs text-muted-foreground">{t(`aiOps.overview.${r.key}`)}</p>
                <p className={`text-2xl font-semibold tabular-nums ${r.className}`}>{r.value}</p>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">{AI_HEALTH_RULE_TEXT}</p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('aiOps.overview.activityTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          {data.recent_activity.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('aiOps.overview.activityEmpty')}</p>
          ) : (
            <ul className="divide-y text-sm" data-testid="recent-activity">
              {data.recent_activity.map((a) => (
                <li
                  key={`${a.algorithm_id}-${a.log_type}`}
                  className="flex items-center justify-between gap-3 py-2"
                >
                  <div className="min-w-0">
                    <p className="truncate font-medium">
                      {a.algorithm_id === 'all' ? t('aiOps.overview.all') : a.algorithm_id}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {a.log_type} · {a.status} · {t('aiOps.overview.runs', { count: a.count })}
                    </p>
                  </div>
                  <span className="shrink-0 text-xs tabular-nums text-muted-foreground">
                    {dateTime(a.last_activity)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
