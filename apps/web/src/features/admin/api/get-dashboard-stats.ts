import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDashboardStatsResponseSchema, type AdminDashboardStats } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

/** GET /admin/api/dashboard/stats. */
export async function getDashboardStats(signal?: AbortSignal): Promise<AdminDashboardStats> {
  const response = await adminRequest('/dashboard/stats', {
    schema: adminDashboardStatsResponseSchema,
    signal,
  });
  return response.stats;
}

export function getDashboardStatsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'dashboard-stats'],
    queryFn: ({ signal }) => getDashboardStats(signal),
    refetchInterval: 30_000,
  });
}

export function useDashboardStats() {
  return useQuery(getDashboardStatsQueryOptions());
}
