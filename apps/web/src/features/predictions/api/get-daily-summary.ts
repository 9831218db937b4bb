import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DailySummary, dailySummarySchema, Infer } from '@bist/contracts';
import { PREDICTIONS_REFRESH_MS } from '@bist/contracts/values';
import { apiRequest } from '@/lib/api-client';

export const DAILY_SUMMARY_PATH = '/api/predictions/daily-summary';

/** The cached value of the daily-summary query: the body's data. */
export const dailySummaryFromBody = (body: Infer<typeof dailySummarySchema>): DailySummary => body.data;

/** GET /api/predictions/daily-summary: cards, top predictions and the 7-day realised accuracy. */
export async function getDailySummary(signal?: AbortSignal): Promise<DailySummary> {
  return dailySummaryFromBody(
    await apiRequest<Infer<typeof dailySummarySchema>>(DAILY_SUMMARY_PATH, { signal }),
  );
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
