import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BiUsers, biUsersResponseSchema, Infer } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { BI_KEY, biViewQuery, type BiPeriod, type BiSource } from './query-keys';

/** GET /admin/api/bi/users/analytics?period: Top events and pages, engagement, active users, cohorts. */
export function getBiUsers(period: BiPeriod, source: BiSource, signal?: AbortSignal): Promise<BiUsers> {
  return adminRequest<Infer<typeof biUsersResponseSchema>>('/bi/users/analytics', {
    query: biViewQuery(period, source),
    signal,
  }).then((b) => b.data);
}

/** `enabled` false for a part the signed-in role may not read (the server would answer 403). */
export function useBiUsers(period: BiPeriod, source: BiSource, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: [...BI_KEY, 'users', period, source ?? 'default'],
      queryFn: ({ signal }) => getBiUsers(period, source, signal),
      enabled,
    }),
  );
}
