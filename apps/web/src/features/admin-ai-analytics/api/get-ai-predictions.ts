import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  AI_ANALYTICS_REFRESH_MS,
  AI_PREDICTIONS_WINDOW_DAYS,
  aiPredictionListResponseSchema,
  type AiPrediction,
} from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_ANALYTICS_KEY } from './query-keys';

/** GET /admin/api/ai/predictions?days=7. */
export async function getAiPredictions(signal?: AbortSignal): Promise<AiPrediction[]> {
  return (
    await adminRequest('/ai/predictions', {
      query: { days: AI_PREDICTIONS_WINDOW_DAYS },
      schema: aiPredictionListResponseSchema,
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
