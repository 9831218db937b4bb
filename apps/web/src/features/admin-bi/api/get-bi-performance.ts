import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BiPerformance, biPerformanceResponseSchema, Infer } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { BI_KEY, biViewQuery, type BiPeriod, type BiSource } from './query-keys';

/** GET /admin/api/bi/performance/dashboard?period: Top endpoints with percentiles, API health. */
export function getBiPerformance(
  period: BiPeriod,
  source: BiSource,
  signal?: AbortSignal,
): Promise<BiPerformance> {
  return adminRequest<Infer<typeof biPerformanceResponseSchema>>('/bi/performance/dashboard', {
    query: biViewQuery(period, source),
    signal,
  }).then((b) => b.data);
}

/** `enabled` false for a part the signed-in role may not read (the server would answer 403). */
export function useBiPerformance(period: BiPeriod, source: BiSource, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: [...BI_KEY, 'performance', period, source ?? 'default'],
      queryFn: ({ signal }) => getBiPerformance(period, source, signal),
      enabled,
    }),
  );
}
