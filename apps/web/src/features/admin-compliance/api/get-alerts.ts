import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ComplianceAlert, complianceAlertListResponseSchema, Infer } from '@bist/contracts';
import { COMPLIANCE_REFRESH_MS } from '@bist/contracts/values';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

/** GET /admin/api/compliance/alerts?severity&days. */
export async function getAlerts(days: number, signal?: AbortSignal): Promise<ComplianceAlert[]> {
  return (
    await adminRequest<Infer<typeof complianceAlertListResponseSchema>>('/compliance/alerts', {
      query: { severity: 'all', days },
      signal,
    })
  ).data;
}

export function useAlerts(days: number) {
  return useQuery(
    queryOptions({
      queryKey: [...COMPLIANCE_KEY, 'alerts', days],
      queryFn: ({ signal }) => getAlerts(days, signal),
      refetchInterval: COMPLIANCE_REFRESH_MS,
    }),
  );
}
