import { useState } from 'react';
import { ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuditLog, type AuditLogFilter } from '@/features/admin/api/get-audit-log';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useDebounced } from '@/lib/use-debounced';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { AuditEntry } from './audit-entry';
import { AuditFilters, type AuditFilterValues } from './audit-filters';
import '@/features/admin/i18n';

const PAGE_SIZE = 25;

/** /admin/audit: the read-only audit log, filtered by event type, user and date range, 25 entries a page. */
export function AuditPage() {
  const { t } = useAdminTranslation();
  useDocumentTitle(t('audit.title'));
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<AuditFilterValues>({
    eventType: 'all',
    userText: '',
    from: '',
    to: '',
  });
  const { eventType, userText, from, to } = filters;
  const user = useDebounced(userText, 400);
  const rangeInvalid = from !== '' && to !== '' && from > to;
  const filter: AuditLogFilter = { page, limit: PAGE_SIZE, eventType, user, from, to };
  const audit = useAuditLog(filter, !rangeInvalid);
  const total = audit.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

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

      <AuditFilters
        values={{ eventType, userText, from, to }}
        onChange={(changes) => {
          setFilters((current) => ({ ...current, ...changes }));
          setPage(1);
        }}
        rangeInvalid={rangeInvalid}
      />

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
                <AuditEntry key={entry.id} entry={entry} />
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
