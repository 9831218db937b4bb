import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ComplianceDashboard, complianceDashboardResponseSchema, Infer } from '@bist/contracts';
import { COMPLIANCE_REFRESH_MS } from '@bist/contracts/values';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

/** GET /admin/api/compliance/dashboard. */
export async function getComplianceDashboard(signal?: AbortSignal): Promise<ComplianceDashboard> {
  return (
    await adminRequest<Infer<typeof complianceDashboardResponseSchema>>('/compliance/dashboard', { signal })
  ).data;
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
