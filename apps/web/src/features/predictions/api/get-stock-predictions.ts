import { queryOptions, useQuery } from '@tanstack/react-query';
import { PREDICTIONS_REFRESH_MS, stockPredictionsSchema, type StockPredictions } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/predictions/stocks/:symbol: the production models' latest predictions for one stock. */
export async function getStockPredictions(symbol: string, signal?: AbortSignal): Promise<StockPredictions> {
  const body = await apiRequest(`/api/predictions/stocks/${encodeURIComponent(symbol)}`, {
    schema: stockPredictionsSchema,
    signal,
  });
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
