import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer, modelVersionListResponseSchema } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_OPS_KEY } from './query-keys';

/** GET /admin/api/ai/algorithms/{id}/versions. */
export async function getModelVersions(id: string, signal?: AbortSignal) {
  const body = await adminRequest<Infer<typeof modelVersionListResponseSchema>>(
    `/ai/algorithms/${encodeURIComponent(id)}/versions`,
    {
      signal,
    },
  );
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
