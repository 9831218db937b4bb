import type { AuditEntry } from '@bist/contracts';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { formatAdminDateTime, humanizeAction } from '@/features/admin/lib/admin-format';
import { actorText } from './audit-entry';
import '@/features/admin/i18n';

/** The dashboard's recent activity: who did what, when (newest first, from the audit log). */
export function AuditSummary({ entries }: { entries: AuditEntry[] }) {
  const { t } = useAdminTranslation();
  return (
    <ul className="divide-y" data-testid="recent-activity">
      {entries.map((entry) => (
        <li key={entry.id} className="flex items-start justify-between gap-3 py-2.5 first:pt-0 last:pb-0">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">
              {t(`actions.${entry.action}`, { defaultValue: humanizeAction(entry.action) })}
            </p>
            <p className="truncate text-xs text-muted-foreground">{actorText(entry, t)}</p>
          </div>
          <time dateTime={entry.timestamp} className="shrink-0 text-xs text-muted-foreground tabular-nums">
            {formatAdminDateTime(entry.timestamp)}
          </time>
        </li>
      ))}
    </ul>
  );
}
