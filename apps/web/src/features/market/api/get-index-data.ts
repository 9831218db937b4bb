import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { indexDataSchema, Infer } from '@bist/contracts';
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
    refetchInterval: 30_000,
  });
}

export function useIndexData(id: string | undefined) {
  return useQuery({ ...getIndexDataQueryOptions(id ?? ''), enabled: Boolean(id) });
}
