import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMPLIANCE_REFRESH_MS, riskListResponseSchema, type Risk } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

/** GET /admin/api/compliance/risks?level. */
export async function getRisks(signal?: AbortSignal): Promise<Risk[]> {
  return (
    await adminRequest('/compliance/risks', {
      query: { level: 'all' },
      schema: riskListResponseSchema,
      signal,
    })
  ).data;
}

export function useRisks() {
  return useQuery(
    queryOptions({
      queryKey: [...COMPLIANCE_KEY, 'risks'],
      queryFn: ({ signal }) => getRisks(signal),
      refetchInterval: COMPLIANCE_REFRESH_MS,
    }),
  );
}
