import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DailySummary, dailySummarySchema, Infer } from '@bist/contracts';
import { PREDICTIONS_REFRESH_MS } from '@bist/contracts/values';
import { apiRequest } from '@/lib/api-client';

/** GET /api/predictions/daily-summary: cards, top predictions and the 7-day realised accuracy. */
export async function getDailySummary(signal?: AbortSignal): Promise<DailySummary> {
  const body = await apiRequest<Infer<typeof dailySummarySchema>>('/api/predictions/daily-summary', {
    signal,
  });
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
