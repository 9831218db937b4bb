import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { indexDataSchema, Infer } from '@bist/contracts';
import { INDICES_REFRESH_MS } from '@/features/market/api/get-index-list';
import { useLiveRefreshMs } from '@/lib/use-market-source';
import { apiRequest } from '@/lib/api-client';

/** GET /api/indices/{id}/data: the index with its real intraday series. */
export async function getIndexData(id: string, signal?: AbortSignal) {
  const response = await apiRequest<Infer<typeof indexDataSchema>>(
    `/api/indices/${encodeURIComponent(id)}/data`,
    {
      signal,
    },
  );
  return response.data;
}

export function getIndexDataQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['indices', 'data', id],
    queryFn: ({ signal }) => getIndexData(id, signal),
    placeholderData: keepPreviousData,
    refetchInterval: INDICES_REFRESH_MS,
  });
}

export function useIndexData(id: string | undefined) {
  const refetchInterval = useLiveRefreshMs(INDICES_REFRESH_MS);
  return useQuery({ ...getIndexDataQueryOptions(id ?? ''), refetchInterval, enabled: Boolean(id) });
}
