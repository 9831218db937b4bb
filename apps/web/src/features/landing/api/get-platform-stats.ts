import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer, PlatformStats, platformStatsSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

export async function getPlatformStats(signal?: AbortSignal): Promise<PlatformStats> {
  const response = await apiRequest<Infer<typeof platformStatsSchema>>('/api/platform/stats', { signal });
  return response.data;
}

export function getPlatformStatsQueryOptions() {
  return queryOptions({
    queryKey: ['platform', 'stats'],
    queryFn: ({ signal }) => getPlatformStats(signal),
    staleTime: 60_000,
  });
}

export function usePlatformStats() {
  return useQuery(getPlatformStatsQueryOptions());
}
