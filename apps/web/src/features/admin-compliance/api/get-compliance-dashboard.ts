import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  COMPLIANCE_REFRESH_MS,
  complianceDashboardResponseSchema,
  type ComplianceDashboard,
} from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

/** GET /admin/api/compliance/dashboard. */
export async function getComplianceDashboard(signal?: AbortSignal): Promise<ComplianceDashboard> {
  return (await adminRequest('/compliance/dashboard', { schema: complianceDashboardResponseSchema, signal }))
    .data;
}

export function useComplianceDashboard() {
  return useQuery(
    queryOptions({
      queryKey: [...COMPLIANCE_KEY, 'dashboard'],
      queryFn: ({ signal }) => getComplianceDashboard(signal),
      refetchInterval: COMPLIANCE_REFRESH_MS,
    }),
  );
}
