import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer, MlRun, mlRunResponseSchema } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_OPS_KEY } from './query-keys';

const FINAL = new Set(['succeeded', 'failed', 'cancelled']);

/** GET /admin/api/ml/runs/{id}. */
export async function getMlRun(id: string, signal?: AbortSignal): Promise<MlRun> {
  return (await adminRequest<Infer<typeof mlRunResponseSchema>>(`/ml/runs/${id}`, { signal })).data;
}

/** A run followed every second until it reaches a final state. */
export function useMlRun(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...AI_OPS_KEY, 'run', id],
      queryFn: ({ signal }) => getMlRun(id!, signal),
      enabled: id !== null,
      refetchInterval: (query) => (query.state.data && FINAL.has(query.state.data.status) ? false : 1_000),
    }),
  );
}
