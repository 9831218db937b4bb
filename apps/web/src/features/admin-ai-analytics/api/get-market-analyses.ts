import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiMarketAnalysis, aiMarketAnalysisListResponseSchema, Infer } from '@bist/contracts';
import { AI_ANALYSIS_WINDOW_HOURS, AI_ANALYTICS_REFRESH_MS } from '@bist/contracts/values';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_ANALYTICS_KEY } from './query-keys';

/** GET /admin/api/ai/analysis/market?hours=24. */
export async function getMarketAnalyses(signal?: AbortSignal): Promise<AiMarketAnalysis[]> {
  return (
    await adminRequest<Infer<typeof aiMarketAnalysisListResponseSchema>>('/ai/analysis/market', {
      query: { hours: AI_ANALYSIS_WINDOW_HOURS },
      signal,
    })
  ).data;
}

export function useMarketAnalyses() {
  return useQuery(
    queryOptions({
      queryKey: [...AI_ANALYTICS_KEY, 'analyses'],
      queryFn: ({ signal }) => getMarketAnalyses(signal),
      refetchInterval: AI_ANALYTICS_REFRESH_MS,
    }),
  );
}
