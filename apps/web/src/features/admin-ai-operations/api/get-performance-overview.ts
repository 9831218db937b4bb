import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PerformanceOverview } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_OPS_KEY } from './query-keys';

/** GET /admin/api/ai/performance/overview. */
export function getPerformanceOverview(signal?: AbortSignal): Promise<PerformanceOverview> {
  return adminRequest<PerformanceOverview>('/ai/performance/overview', { signal });
}

export function usePerformanceOverview() {
  return useQuery(
    queryOptions({
      queryKey: [...AI_OPS_KEY, 'overview'],
      queryFn: ({ signal }) => getPerformanceOverview(signal),
      refetchInterval: 30_000,
    }),
  );
}
