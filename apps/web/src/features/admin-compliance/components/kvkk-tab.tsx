import type { KvkkRequest, KvkkRequestList } from '@bist/contracts';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { DASH, when } from '@/features/admin-compliance/lib/format';

const COLUMNS = [
  'reference',
  'type',
  'subject',
  'requested',
  'deadline',
  'status',
  'completed',
  'left',
] as const;

/** KVKK requests of investors (access, erasure) against their 30-day deadline; erased subjects by reference only. */
export function KvkkTab({ data }: { data: KvkkRequestList | undefined }) {
  const { t } = useAdminTranslation();
  if (!data || data.requests.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">{t('compliance.kvkk.none')}</p>;
  return (
    <div className="space-y-2">
      <p className="text-xs text-muted-foreground">
        {t('compliance.kvkk.note', { open: data.open, overdue: data.overdue })}
      </p>
      <Table data-testid="kvkk-requests">
        <TableHeader>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableHead key={c}>{t(`compliance.kvkk.columns.${c}`)}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.requests.map((r) => (
            <TableRow key={r.id} data-testid={`kvkk-${r.type}`}>
              <TableCell className="whitespace-nowrap font-mono text-xs">{r.reference}</TableCell>
              <TableCell>{t(`compliance.kvkk.type.${r.type}`)}</TableCell>
              <TableCell className="[overflow-wrap:anywhere]">
                {r.subject_erased ? (
                  <span className="text-muted-foreground">{t('compliance.kvkk.erasedSubject')}</span>
                ) : (
                  (r.subject_email ?? DASH)
                )}
              </TableCell>
              <TableCell className="tabular-nums">{when(r.requested_at)}</TableCell>
              <TableCell className="tabular-nums">{when(r.deadline_at)}</TableCell>
              <TableCell>
                <Badge variant={r.status === 'completed' ? 'secondary' : 'outline'}>
                  {t(`compliance.kvkk.status.${r.status}`)}
                </Badge>
              </TableCell>
              <TableCell className="tabular-nums">{when(r.completed_at)}</TableCell>
              <TableCell>
                <DaysLeft request={r} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function DaysLeft({ request }: { request: KvkkRequest }) {
  const { t } = useAdminTranslation();
  if (request.days_left === null)
    return (
      <span className={request.overdue ? 'text-destructive' : 'text-muted-foreground'}>
        {request.overdue ? t('compliance.kvkk.completedLate') : t('compliance.kvkk.completedInTime')}
      </span>
    );
  if (request.overdue)
    return (
      <span className="font-medium text-destructive">
        {t('compliance.kvkk.overdue', { count: -request.days_left })}
      </span>
    );
  return <span>{t('compliance.kvkk.daysLeft', { count: request.days_left })}</span>;
}
