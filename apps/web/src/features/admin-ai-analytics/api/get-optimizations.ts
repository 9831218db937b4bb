import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiOptimization, aiOptimizationListResponseSchema, Infer } from '@bist/contracts';
import { AI_ANALYTICS_REFRESH_MS } from '@bist/contracts/values';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_ANALYTICS_KEY } from './query-keys';

/** GET /admin/api/ai/portfolio/optimizations. */
export async function getOptimizations(signal?: AbortSignal): Promise<AiOptimization[]> {
  return (
    await adminRequest<Infer<typeof aiOptimizationListResponseSchema>>('/ai/portfolio/optimizations', {
      signal,
    })
  ).data;
}

export function useOptimizations() {
  return useQuery(
    queryOptions({
      queryKey: [...AI_ANALYTICS_KEY, 'optimizations'],
      queryFn: ({ signal }) => getOptimizations(signal),
      refetchInterval: AI_ANALYTICS_REFRESH_MS,
    }),
  );
}
