import type { AuditEntry as AuditEntryData } from '@bist/contracts';
import { Badge } from '@/components/ui/badge';
import { formatAdminDateTime, humanizeAction } from '@/features/admin/lib/admin-format';
import { useAdminTranslation } from '@/lib/admin-i18n';
import type { Translate } from '@/lib/i18n';
import '@/features/admin/i18n';

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-muted-foreground">---</span>;
  return (
    <pre className="max-h-64 overflow-auto rounded-md bg-muted p-2 text-xs leading-relaxed whitespace-pre-wrap break-all">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** Who acted: a living investor by name and e-mail, staff by e-mail, else 'Unknown user'. */
export function actorText(entry: AuditEntryData, t: Translate) {
  if (entry.user_email === null) return t('audit.anonymous');
  return entry.user_name
    ? t('audit.actorName', { name: entry.user_name, email: entry.user_email })
    : entry.user_email;
}

/** One audit entry: what was done, by whom, to what, when and from where; the change itself folds open. */
export function AuditEntry({ entry }: { entry: AuditEntryData }) {
  const { t } = useAdminTranslation();
  const hasChange = entry.before !== null || entry.after !== null || entry.details !== null;
  const target = entry.entity_type
    ? `${entry.entity_type}${entry.entity_id ? ` · ${entry.entity_id}` : ''}`
    : '---';
  return (
    <li className="space-y-2 px-4 py-3" data-testid="audit-entry">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            <span data-testid="audit-action">
              {t(`actions.${entry.action}`, { defaultValue: humanizeAction(entry.action) })}
            </span>
            <Badge variant="outline">{t(`eventTypes.${entry.event_type}`)}</Badge>
          </p>
          <p className="text-sm">
            <span className="text-muted-foreground">{t('audit.who')}: </span>
            <span data-testid="audit-user">{actorText(entry, t)}</span>
            {entry.actor_kind === 'investor' || entry.actor_kind === 'system' ? (
              <Badge variant="secondary" className="ml-2" data-testid="audit-actor-kind">
                {t(`audit.${entry.actor_kind}`)}
              </Badge>
            ) : null}
          </p>
          <p className="break-all text-sm">
            <span className="text-muted-foreground">{t('audit.target')}: </span>
            {target}
          </p>
        </div>
        <time dateTime={entry.timestamp} className="shrink-0 text-sm tabular-nums text-muted-foreground">
          {formatAdminDateTime(entry.timestamp)}
        </time>
      </div>
      <p className="text-xs text-muted-foreground">
        {t('audit.ip')}: <span className="tabular-nums">{entry.ip ?? '---'}</span>
        <span className="mx-2">·</span>
        <span className="break-all">
          {t('audit.userAgent')}: {entry.user_agent ?? '---'}
        </span>
      </p>
      {hasChange ? (
        <details className="group rounded-md border">
          <summary className="cursor-pointer px-3 py-1.5 text-xs font-medium text-primary select-none">
            {t('audit.showChanges')}
          </summary>
          <div className="grid gap-3 p-3 md:grid-cols-2">
            <div className="min-w-0 space-y-1">
              <p className="text-xs font-medium text-muted-foreground">{t('audit.before')}</p>
              <Json value={entry.before} />
            </div>
            <div className="min-w-0 space-y-1">
              <p className="text-xs font-medium text-muted-foreground">{t('audit.after')}</p>
              <Json value={entry.after} />
            </div>
            {entry.details !== null ? (
              <div className="min-w-0 space-y-1 md:col-span-2">
                <p className="text-xs font-medium text-muted-foreground">{t('audit.details')}</p>
                <Json value={entry.details} />
              </div>
            ) : null}
          </div>
        </details>
      ) : null}
    </li>
  );
}
