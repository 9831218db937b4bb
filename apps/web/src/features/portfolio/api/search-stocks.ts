import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { stockListSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/stocks/list?search=…&limit=8: the symbol picker's suggestions. */
export async function searchStocks(search: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ search, limit: '8', page: '1' });
  const response = await apiRequest(`/api/stocks/list?${query.toString()}`, {
    schema: stockListSchema,
    signal,
  });
  return response.data.stocks;
}

export function searchStocksQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['stocks', 'search', search],
    queryFn: ({ signal }) => searchStocks(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useStockSearch(search: string) {
  const term = search.trim();
  return useQuery({ ...searchStocksQueryOptions(term), enabled: term.length > 0 });
}
