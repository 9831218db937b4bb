import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BiOverview, biOverviewResponseSchema, Infer } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { BI_KEY, type BiPeriod } from './query-keys';

/** GET /admin/api/bi/metrics/overview?period: Key metrics, revenue trend and user growth. */
export function getBiOverview(period: BiPeriod, signal?: AbortSignal): Promise<BiOverview> {
  return adminRequest<Infer<typeof biOverviewResponseSchema>>('/bi/metrics/overview', {
    query: { period },
    signal,
  }).then((b) => b.data);
}

export function useBiOverview(period: BiPeriod) {
  return useQuery(
    queryOptions({
      queryKey: [...BI_KEY, 'overview', period],
      queryFn: ({ signal }) => getBiOverview(period, signal),
    }),
  );
}
