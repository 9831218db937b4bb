import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMPLIANCE_REFRESH_MS, kvkkRequestListResponseSchema, type KvkkRequestList } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

/** GET /admin/api/compliance/kvkk-requests: investors' access and erasure requests with their deadlines. */
export async function getKvkkRequests(signal?: AbortSignal): Promise<KvkkRequestList> {
  return (await adminRequest('/compliance/kvkk-requests', { schema: kvkkRequestListResponseSchema, signal }))
    .data;
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
