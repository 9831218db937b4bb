import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  COMPLIANCE_AUDIT_LIMIT,
  COMPLIANCE_REFRESH_MS,
  complianceAuditResponseSchema,
  type ComplianceAuditEntry,
} from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

/** GET /admin/api/compliance/audit?limit=20&days. */
export async function getComplianceAudit(
  days: number,
  signal?: AbortSignal,
): Promise<ComplianceAuditEntry[]> {
  return (
    await adminRequest('/compliance/audit', {
      query: { limit: COMPLIANCE_AUDIT_LIMIT, days },
      schema: complianceAuditResponseSchema,
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
