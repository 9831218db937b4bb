import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer, liveDataSchema } from '@bist/contracts';
import { DASHBOARD_CHART_ITEMS, DASHBOARD_REFRESH_MS } from '@bist/contracts/values';
import { useLiveRefreshMs } from '@/lib/use-market-source';
import { apiRequest } from '@/lib/api-client';

export const liveDataPath = (limit: number) => `/api/market/live-data?limit=${limit}`;

/** The cached value of the live-data query: the whole body (its freshness is shown too). */
export const liveDataFromBody = (body: Infer<typeof liveDataSchema>) => body;

/** GET /api/market/live-data?limit=n: the n most traded stocks' latest quotes (the dashboard draws five). */
export async function getLiveData(limit: number, signal?: AbortSignal) {
  return apiRequest<Infer<typeof liveDataSchema>>(liveDataPath(limit), { signal });
}

export function getLiveDataQueryOptions(limit = DASHBOARD_CHART_ITEMS) {
  return queryOptions({
    queryKey: ['market', 'live-data', limit],
    queryFn: ({ signal }) => getLiveData(limit, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export function useLiveData(limit = DASHBOARD_CHART_ITEMS) {
  const refetchInterval = useLiveRefreshMs(DASHBOARD_REFRESH_MS);
  return useQuery({ ...getLiveDataQueryOptions(limit), refetchInterval });
}
