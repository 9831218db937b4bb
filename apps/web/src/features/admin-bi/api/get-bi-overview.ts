import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BiOverview, biOverviewResponseSchema, Infer } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { BI_KEY, biViewQuery, type BiPeriod, type BiSource } from './query-keys';

/** GET /admin/api/bi/metrics/overview?period: Key metrics, revenue trend and user growth. */
export function getBiOverview(period: BiPeriod, source: BiSource, signal?: AbortSignal): Promise<BiOverview> {
  return adminRequest<Infer<typeof biOverviewResponseSchema>>('/bi/metrics/overview', {
    query: biViewQuery(period, source),
    signal,
  }).then((b) => b.data);
}

/** `enabled` false for a part the signed-in role may not read (the server would answer 403). */
export function useBiOverview(period: BiPeriod, source: BiSource, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: [...BI_KEY, 'overview', period, source ?? 'default'],
      queryFn: ({ signal }) => getBiOverview(period, source, signal),
      enabled,
    }),
  );
}
