import { queryOptions, useQuery } from '@tanstack/react-query';
import { stockProfileSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/stocks/{symbol}/profile, for the live price a form starts from. */
export async function getLivePrice(symbol: string, signal?: AbortSignal) {
  const response = await apiRequest(`/api/stocks/${encodeURIComponent(symbol)}/profile`, {
    schema: stockProfileSchema,
    signal,
  });
  return { symbol: response.data.symbol, name: response.data.company_name, price: response.data.price };
}

export function getLivePriceQueryOptions(symbol: string) {
  return queryOptions({
    queryKey: ['stocks', 'live-price', symbol],
    queryFn: ({ signal }) => getLivePrice(symbol, signal),
    staleTime: 15_000,
  });
}

export function useLivePrice(symbol: string | null) {
  return useQuery({ ...getLivePriceQueryOptions(symbol ?? ''), enabled: !!symbol });
}
