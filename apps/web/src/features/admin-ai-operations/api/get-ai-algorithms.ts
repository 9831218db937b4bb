import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAlgorithmList } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_OPS_KEY } from './query-keys';

/** GET /admin/api/ai/algorithms. */
export function getAiAlgorithms(signal?: AbortSignal): Promise<AdminAlgorithmList> {
  return adminRequest<AdminAlgorithmList>('/ai/algorithms', { signal });
}

export function useAiAlgorithms() {
  return useQuery(
    queryOptions({
      queryKey: [...AI_OPS_KEY, 'algorithms'],
      queryFn: ({ signal }) => getAiAlgorithms(signal),
      refetchInterval: 30_000,
    }),
  );
}
