import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer, KvkkRequestList, kvkkRequestListResponseSchema } from '@bist/contracts';
import { COMPLIANCE_REFRESH_MS } from '@bist/contracts/values';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

/** GET /admin/api/compliance/kvkk-requests: investors' access and erasure requests with their deadlines. */
export async function getKvkkRequests(signal?: AbortSignal): Promise<KvkkRequestList> {
  return (
    await adminRequest<Infer<typeof kvkkRequestListResponseSchema>>('/compliance/kvkk-requests', { signal })
  ).data;
}

export function useKvkkRequests() {
  return useQuery(
    queryOptions({
      queryKey: [...COMPLIANCE_KEY, 'kvkk-requests'],
      queryFn: ({ signal }) => getKvkkRequests(signal),
      refetchInterval: COMPLIANCE_REFRESH_MS,
    }),
  );
}
