import { useState } from 'react';
import { ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react';
import { AUDIT_EVENT_TYPES, type AuditEntry, type AuditEventType } from '@bist/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { useAuditLog, type AuditLogFilter } from '@/features/admin/api/get-audit-log';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useDebounced } from '@/lib/use-debounced';
import { formatAdminDateTime, humanizeAction } from '@/features/admin/lib/admin-format';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import '@/features/admin/i18n';

const PAGE_SIZE = 25;

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-muted-foreground">---</span>;
  return (
    <pre className="max-h-64 overflow-auto rounded-md bg-muted p-2 text-xs leading-relaxed whitespace-pre-wrap break-all">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
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
            <span data-testid="audit-user">{entry.user_email ?? t('audit.anonymous')}</span>
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

/** /admin/audit (issue 6 item 6): filter by event type, user and date range; paging. Read-only. */
export function AuditPage() {
  const { t } = useAdminTranslation();
  useDocumentTitle(t('audit.title'));
  const [page, setPage] = useState(1);
  const [eventType, setEventType] = useState<AuditEventType | 'all'>('all');
  const [userText, setUserText] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const user = useDebounced(userText, 400);
  const rangeInvalid = from !== '' && to !== '' && from > to;
  const filter: AuditLogFilter = { page, limit: PAGE_SIZE, eventType, user, from, to };
  const audit = useAuditLog(filter, !rangeInvalid);
  const total = audit.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const resetPage = () => setPage(1);

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('audit.title')}
        subtitle={t('audit.subtitle')}
        actions={
          <Button
            variant="outline"
            size="sm"
            onClick={() => void audit.refetch()}
            disabled={audit.isFetching}
          >
            <RefreshCw className={cn(audit.isFetching && 'animate-spin')} />
            {t('common.refresh')}
          </Button>
        }
      />

      <Card>
        <CardContent className="grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="space-y-2">
            <Label htmlFor="audit-event-type">{t('audit.eventType')}</Label>
            <Select
              value={eventType}
              onValueChange={(value) => {
                setEventType(value as AuditEventType | 'all');
                resetPage();
              }}
            >
              <SelectTrigger id="audit-event-type">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">{t('audit.allEvents')}</SelectItem>
                {AUDIT_EVENT_TYPES.map((type) => (
                  <SelectItem key={type} value={type}>
                    {t(`eventTypes.${type}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="space-y-2">
            <Label htmlFor="audit-user">{t('audit.user')}</Label>
            <Input
              id="audit-user"
              type="search"
              value={userText}
              placeholder={t('audit.userPlaceholder')}
              onChange={(event) => {
                setUserText(event.target.value);
                resetPage();
              }}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="audit-from">{t('audit.from')}</Label>
            <Input
              id="audit-from"
              type="date"
              value={from}
              max={to || undefined}
              onChange={(event) => {
                setFrom(event.target.value);
                resetPage();
              }}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="audit-to">{t('audit.to')}</Label>
            <Input
              id="audit-to"
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => {
                setTo(event.target.value);
                resetPage();
              }}
              aria-invalid={rangeInvalid || undefined}
              aria-describedby={rangeInvalid ? 'audit-range-error' : undefined}
            />
            {rangeInvalid ? (
              <p id="audit-range-error" className="text-sm text-destructive">
                {t('audit.rangeInvalid')}
              </p>
            ) : null}
          </div>
        </CardContent>
      </Card>

      {audit.isError ? (
        <ErrorCard
          message={t('audit.loadFailed')}
          retry={{ label: t('common.retry'), onRetry: () => void audit.refetch() }}
        />
      ) : (
        <Card className="overflow-hidden">
          {audit.data === undefined ? (
            <ul className="divide-y">
              {Array.from({ length: 6 }, (_, index) => (
                <li key={index} className="px-4 py-3">
                  <Skeleton className="h-16 w-full" />
                </li>
              ))}
            </ul>
          ) : audit.data.entries.length === 0 ? (
            <p className="px-4 py-12 text-center text-sm text-muted-foreground">{t('audit.empty')}</p>
          ) : (
            <ul
              className={cn('divide-y', audit.isPlaceholderData && 'opacity-60')}
              aria-busy={audit.isFetching}
            >
              {audit.data.entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </ul>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2 border-t px-4 py-3 text-sm">
            <span className="text-muted-foreground tabular-nums">{t('audit.total', { count: total })}</span>
            <div className="flex items-center gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => setPage((current) => Math.max(1, current - 1))}
                aria-label={t('common.previousPage')}
              >
                <ChevronLeft />
              </Button>
              <span className="tabular-nums">{t('common.pageOf', { page, pages })}</span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages}
                onClick={() => setPage((current) => current + 1)}
                aria-label={t('common.nextPage')}
              >
                <ChevronRight />
              </Button>
            </div>
          </div>
        </Card>
      )}
    </div>
  );
}
