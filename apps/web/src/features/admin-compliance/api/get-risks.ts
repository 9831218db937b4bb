import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer, Risk, riskListResponseSchema } from '@bist/contracts';
import { COMPLIANCE_REFRESH_MS } from '@bist/contracts/values';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

/** GET /admin/api/compliance/risks?level. */
export async function getRisks(signal?: AbortSignal): Promise<Risk[]> {
  return (
    await adminRequest<Infer<typeof riskListResponseSchema>>('/compliance/risks', {
      query: { level: 'all' },
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
