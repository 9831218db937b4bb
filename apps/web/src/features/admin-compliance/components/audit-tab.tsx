import type { ComplianceAuditEntry } from '@bist/contracts';
import { COMPLIANCE_AUDIT_LIMIT } from '@bist/contracts/values';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { when } from '@/features/admin-compliance/lib/format';

/** The latest entries of the audit log with the spec's four event types. */
export function AuditTab({ entries }: { entries: readonly ComplianceAuditEntry[] }) {
  const { t } = useAdminTranslation();
  if (entries.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">{t('compliance.audit.none')}</p>;
  return (
    <div className="space-y-2">
      <p className="text-xs text-muted-foreground">
        {t('compliance.audit.note', { limit: COMPLIANCE_AUDIT_LIMIT })}
      </p>
      <Table data-testid="compliance-audit">
        <TableHeader>
          <TableRow>
            {(['time', 'type', 'action', 'user', 'entity'] as const).map((c) => (
              <TableHead key={c}>{t(`compliance.audit.columns.${c}`)}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.map((e) => (
            <TableRow key={e.id}>
              <TableCell className="whitespace-nowrap tabular-nums">{when(e.timestamp)}</TableCell>
              <TableCell>{e.event_type}</TableCell>
              <TableCell className="font-mono text-xs">{e.action}</TableCell>
              <TableCell>{e.user_email ?? e.user_id ?? '—'}</TableCell>
              <TableCell className="text-xs">
                {e.entity_type ? `${e.entity_type} ${e.entity_id ?? ''}` : '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
