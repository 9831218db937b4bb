import { queryOptions, useQuery } from '@tanstack/react-query';
import type { indexListSchema, Infer } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/indices/list (data.indices). */
export async function getIndexList(signal?: AbortSignal) {
  const response = await apiRequest<Infer<typeof indexListSchema>>('/api/indices/list', { signal });
  return response.data.indices;
}

export function getIndexListQueryOptions() {
  return queryOptions({
    queryKey: ['indices', 'list'],
    queryFn: ({ signal }) => getIndexList(signal),
    refetchInterval: 30_000,
  });
}

export function useIndexList() {
  return useQuery(getIndexListQueryOptions());
}
