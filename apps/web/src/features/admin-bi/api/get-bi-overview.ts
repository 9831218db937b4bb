import { queryOptions, useQuery } from '@tanstack/react-query';
import { biOverviewResponseSchema, type BiOverview } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { BI_KEY, type BiPeriod } from './query-keys';

/** GET /admin/api/bi/metrics/overview?period: Key metrics, revenue trend and user growth. */
export function getBiOverview(period: BiPeriod, signal?: AbortSignal): Promise<BiOverview> {
  return adminRequest('/bi/metrics/overview', {
    query: { period },
    schema: biOverviewResponseSchema,
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
