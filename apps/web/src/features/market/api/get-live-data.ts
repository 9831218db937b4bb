import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_REFRESH_MS, liveDataSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/market/live-data: every stock's latest quote, most traded first. */
export async function getLiveData(signal?: AbortSignal) {
  return apiRequest('/api/market/live-data', { schema: liveDataSchema, signal });
}

export function getLiveDataQueryOptions() {
  return queryOptions({
    queryKey: ['market', 'live-data'],
    queryFn: ({ signal }) => getLiveData(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export function useLiveData() {
  return useQuery(getLiveDataQueryOptions());
}
