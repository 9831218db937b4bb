import { queryOptions, useQuery } from '@tanstack/react-query';
import { modelVersionListResponseSchema } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_OPS_KEY } from './query-keys';

/** GET /admin/api/ai/algorithms/{id}/versions. */
export async function getModelVersions(id: string, signal?: AbortSignal) {
  const body = await adminRequest(`/ai/algorithms/${encodeURIComponent(id)}/versions`, {
    schema: modelVersionListResponseSchema,
    signal,
  });
  return body.data;
}

export function useModelVersions(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...AI_OPS_KEY, 'versions', id],
      queryFn: ({ signal }) => getModelVersions(id!, signal),
      enabled: id !== null,
    }),
  );
}
