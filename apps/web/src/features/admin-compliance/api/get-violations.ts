import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer, Violation, violationListResponseSchema } from '@bist/contracts';
import { COMPLIANCE_REFRESH_MS } from '@bist/contracts/values';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

export type ViolationStatusFilter = 'all' | 'open' | 'investigating' | 'resolved' | 'dismissed';

/** GET /admin/api/compliance/violations?status&days. */
export async function getViolations(
  status: ViolationStatusFilter,
  days: number,
  signal?: AbortSignal,
): Promise<Violation[]> {
  return (
    await adminRequest<Infer<typeof violationListResponseSchema>>('/compliance/violations', {
      query: { status, days },
      signal,
    })
  ).data;
}

export function useViolations(status: ViolationStatusFilter, days: number) {
  return useQuery(
    queryOptions({
      queryKey: [...COMPLIANCE_KEY, 'violations', status, days],
      queryFn: ({ signal }) => getViolations(status, days, signal),
      refetchInterval: COMPLIANCE_REFRESH_MS,
    }),
  );
}
