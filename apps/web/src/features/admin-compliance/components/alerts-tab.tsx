import type { ComplianceAlert } from '@bist/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useAcknowledgeAlert } from '@/features/admin-compliance/api/acknowledge-alert';
import { when } from '@/features/admin-compliance/lib/format';
import { SeverityBadge } from './severity-badge';

/** Alerts with their acknowledgement deadline; Acknowledge shows only while unacknowledged (spec §4). */
export function AlertsTab({
  alerts,
  canWork,
  staffEmail,
}: {
  alerts: readonly ComplianceAlert[];
  canWork: boolean;
  staffEmail: string;
}) {
  const { t } = useAdminTranslation();
  const acknowledge = useAcknowledgeAlert();
  if (alerts.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">{t('compliance.alerts.none')}</p>;
  return (
    <ul className="divide-y" data-testid="alert-list">
      {alerts.map((a) => (
        <li key={a.id} className="flex flex-wrap items-start gap-3 py-3" data-testid="alert">
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <SeverityBadge severity={a.severity} />
              <span className="font-medium">{a.title}</span>
              {a.escalated_at && !a.acknowledged_at ? (
                <Badge variant="destructive">{t('compliance.alerts.escalated')}</Badge>
              ) : null}
            </div>
            <p className="text-sm">{a.description}</p>
            <p className="text-xs text-muted-foreground">
              {when(a.created_at)} · {t('compliance.alerts.source', { source: a.source })} ·{' '}
              {a.acknowledged_at
                ? t('compliance.alerts.acknowledgedAt', {
                    time: when(a.acknowledged_at),
                    by: a.acknowledged_by,
                  })
                : t('compliance.alerts.deadline', { time: when(a.acknowledge_by) })}
            </p>
          </div>
          {!a.acknowledged_at && canWork ? (
            <Button
              size="sm"
              className="print:hidden"
              disabled={acknowledge.isPending}
              onClick={() =>
                acknowledge.mutate(
                  { id: a.alert_id, acknowledgedBy: staffEmail },
                  {
                    onSuccess: () => toast.success(t('compliance.acknowledged')),
                    onError: () => toast.error(t('compliance.acknowledgeFailed')),
                  },
                )
              }
            >
              {t('compliance.alerts.acknowledge')}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
