import { queryOptions, useQuery } from '@tanstack/react-query';
import { biUsersResponseSchema, type BiUsers } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { BI_KEY, type BiPeriod } from './query-keys';

/** GET /admin/api/bi/users/analytics?period: Top events and pages, engagement, active users, cohorts. */
export function getBiUsers(period: BiPeriod, signal?: AbortSignal): Promise<BiUsers> {
  return adminRequest('/bi/users/analytics', {
    query: { period },
    schema: biUsersResponseSchema,
    signal,
  }).then((b) => b.data);
}

export function useBiUsers(period: BiPeriod) {
  return useQuery(
    queryOptions({
      queryKey: [...BI_KEY, 'users', period],
      queryFn: ({ signal }) => getBiUsers(period, signal),
    }),
  );
}
