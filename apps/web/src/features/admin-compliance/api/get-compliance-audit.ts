import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ComplianceAuditEntry, complianceAuditResponseSchema, Infer } from '@bist/contracts';
import { COMPLIANCE_AUDIT_LIMIT, COMPLIANCE_REFRESH_MS } from '@bist/contracts/values';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

/** GET /admin/api/compliance/audit?limit=20&days. */
export async function getComplianceAudit(
  days: number,
  signal?: AbortSignal,
): Promise<ComplianceAuditEntry[]> {
  return (
    await adminRequest<Infer<typeof complianceAuditResponseSchema>>('/compliance/audit', {
      query: { limit: COMPLIANCE_AUDIT_LIMIT, days },
      signal,
    })
  ).data;
}

export function useComplianceAudit(days: number) {
  return useQuery(
    queryOptions({
      queryKey: [...COMPLIANCE_KEY, 'audit', days],
      queryFn: ({ signal }) => getComplianceAudit(days, signal),
      refetchInterval: COMPLIANCE_REFRESH_MS,
    }),
  );
}
