import { queryOptions, useQuery } from '@tanstack/react-query';
import type { indexListSchema, Infer } from '@bist/contracts';
import { useLiveRefreshMs } from '@/lib/use-market-source';
import { apiRequest } from '@/lib/api-client';

/** The index screens' rate when the server does not give one (the spec leaves it open; the top bar's 30 s). */
export const INDICES_REFRESH_MS = 30_000;

/** GET /api/indices/list (data.indices). */
export async function getIndexList(signal?: AbortSignal) {
  const response = await apiRequest<Infer<typeof indexListSchema>>('/api/indices/list', { signal });
  return response.data.indices;
}

export function getIndexListQueryOptions() {
  return queryOptions({
    queryKey: ['indices', 'list'],
    queryFn: ({ signal }) => getIndexList(signal),
    refetchInterval: INDICES_REFRESH_MS,
  });
}

export function useIndexList() {
  const refetchInterval = useLiveRefreshMs(INDICES_REFRESH_MS);
  return useQuery({ ...getIndexListQueryOptions(), refetchInterval });
}
