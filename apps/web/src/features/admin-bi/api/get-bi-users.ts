import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BiUsers, biUsersResponseSchema, Infer } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { BI_KEY, type BiPeriod } from './query-keys';

/** GET /admin/api/bi/users/analytics?period: Top events and pages, engagement, active users, cohorts. */
export function getBiUsers(period: BiPeriod, signal?: AbortSignal): Promise<BiUsers> {
  return adminRequest<Infer<typeof biUsersResponseSchema>>('/bi/users/analytics', {
    query: { period },
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
