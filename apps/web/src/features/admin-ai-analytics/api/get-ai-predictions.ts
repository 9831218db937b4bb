import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiPrediction, aiPredictionListResponseSchema, Infer } from '@bist/contracts';
import { AI_ANALYTICS_REFRESH_MS, AI_PREDICTIONS_WINDOW_DAYS } from '@bist/contracts/values';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_ANALYTICS_KEY } from './query-keys';

/** GET /admin/api/ai/predictions?days=7. */
export async function getAiPredictions(signal?: AbortSignal): Promise<AiPrediction[]> {
  return (
    await adminRequest<Infer<typeof aiPredictionListResponseSchema>>('/ai/predictions', {
      query: { days: AI_PREDICTIONS_WINDOW_DAYS },
      signal,
    })
  ).data;
}

export function useAiPredictions() {
  return useQuery(
    queryOptions({
      queryKey: [...AI_ANALYTICS_KEY, 'predictions'],
      queryFn: ({ signal }) => getAiPredictions(signal),
      refetchInterval: AI_ANALYTICS_REFRESH_MS,
    }),
  );
}
