import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboardStats, AdminDashboardStatsResponse } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

/** GET /admin/api/dashboard/stats. */
export async function getDashboardStats(signal?: AbortSignal): Promise<AdminDashboardStats> {
  const response = await adminRequest<AdminDashboardStatsResponse>('/dashboard/stats', {
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
