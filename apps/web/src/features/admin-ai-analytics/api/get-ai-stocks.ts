import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiStock, aiStockListResponseSchema, Infer } from '@bist/contracts';
import { AI_ANALYTICS_REFRESH_MS, AI_STOCKS_LIMIT } from '@bist/contracts/values';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_ANALYTICS_KEY } from './query-keys';

/** GET /admin/api/ai/stocks?limit=20&sort=change_percent. */
export async function getAiStocks(signal?: AbortSignal): Promise<AiStock[]> {
  return (
    await adminRequest<Infer<typeof aiStockListResponseSchema>>('/ai/stocks', {
      query: { limit: AI_STOCKS_LIMIT, sort: 'change_percent' },
      signal,
    })
  ).data;
}

export const AI_STOCKS_KEY = [...AI_ANALYTICS_KEY, 'stocks'] as const;

export function useAiStocks() {
  return useQuery(
    queryOptions({
      queryKey: AI_STOCKS_KEY,
      queryFn: ({ signal }) => getAiStocks(signal),
      refetchInterval: AI_ANALYTICS_REFRESH_MS,
    }),
  );
}
