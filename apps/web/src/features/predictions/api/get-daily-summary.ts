import { queryOptions, useQuery } from '@tanstack/react-query';
import { dailySummarySchema, PREDICTIONS_REFRESH_MS, type DailySummary } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/predictions/daily-summary: cards, top predictions and the 7-day realised accuracy. */
export async function getDailySummary(signal?: AbortSignal): Promise<DailySummary> {
  const body = await apiRequest('/api/predictions/daily-summary', { schema: dailySummarySchema, signal });
  return body.data;
}

export function getDailySummaryQueryOptions() {
  return queryOptions({
    queryKey: ['predictions', 'daily-summary'],
    queryFn: ({ signal }) => getDailySummary(signal),
    refetchInterval: PREDICTIONS_REFRESH_MS,
  });
}

export function useDailySummary() {
  return useQuery(getDailySummaryQueryOptions());
}
