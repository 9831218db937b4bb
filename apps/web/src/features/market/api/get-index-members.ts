import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { indexMembersSchema, Infer } from '@bist/contracts';
import { INDICES_REFRESH_MS } from '@/features/market/api/get-index-list';
import { useLiveRefreshMs } from '@/lib/use-market-source';
import { apiRequest } from '@/lib/api-client';

/** GET /api/indices/{id}/members: the members with today's moves and their weights where known. */
export async function getIndexMembers(id: string, signal?: AbortSignal) {
  const response = await apiRequest<Infer<typeof indexMembersSchema>>(
    `/api/indices/${encodeURIComponent(id)}/members`,
    { signal },
  );
  return response.data;
}

export function getIndexMembersQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['indices', 'members', id],
    queryFn: ({ signal }) => getIndexMembers(id, signal),
    placeholderData: keepPreviousData,
    refetchInterval: INDICES_REFRESH_MS,
  });
}

export function useIndexMembers(id: string | undefined) {
  const refetchInterval = useLiveRefreshMs(INDICES_REFRESH_MS);
  return useQuery({ ...getIndexMembersQueryOptions(id ?? ''), refetchInterval, enabled: Boolean(id) });
}
