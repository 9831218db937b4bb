import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  COMPLIANCE_REFRESH_MS,
  complianceAlertListResponseSchema,
  type ComplianceAlert,
} from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

/** GET /admin/api/compliance/alerts?severity&days. */
export async function getAlerts(days: number, signal?: AbortSignal): Promise<ComplianceAlert[]> {
  return (
    await adminRequest('/compliance/alerts', {
      query: { severity: 'all', days },
      schema: complianceAlertListResponseSchema,
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
