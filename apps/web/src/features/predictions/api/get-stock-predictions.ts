import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer, StockPredictions, stockPredictionsSchema } from '@bist/contracts';
import { PREDICTIONS_REFRESH_MS } from '@bist/contracts/values';
import { apiRequest } from '@/lib/api-client';

/** GET /api/predictions/stocks/:symbol: the production models' latest predictions for one stock. */
export async function getStockPredictions(symbol: string, signal?: AbortSignal): Promise<StockPredictions> {
  const body = await apiRequest<Infer<typeof stockPredictionsSchema>>(
    `/api/predictions/stocks/${encodeURIComponent(symbol)}`,
    {
      signal,
    },
  );
  return body.data;
}

export function useStockPredictions(symbol: string) {
  return useQuery(
    queryOptions({
      queryKey: ['predictions', 'stock', symbol],
      queryFn: ({ signal }) => getStockPredictions(symbol, signal),
      refetchInterval: PREDICTIONS_REFRESH_MS,
      enabled: symbol.length > 0,
    }),
  );
}
