import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BiPerformance, biPerformanceResponseSchema, Infer } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { BI_KEY, type BiPeriod } from './query-keys';

/** GET /admin/api/bi/performance/dashboard?period: Top endpoints with percentiles, API health. */
export function getBiPerformance(period: BiPeriod, signal?: AbortSignal): Promise<BiPerformance> {
  return adminRequest<Infer<typeof biPerformanceResponseSchema>>('/bi/performance/dashboard', {
    query: { period },
    signal,
  }).then((b) => b.data);
}

export function useBiPerformance(period: BiPeriod) {
  return useQuery(
    queryOptions({
      queryKey: [...BI_KEY, 'performance', period],
      queryFn: ({ signal }) => getBiPerformance(period, signal),
    }),
  );
}
