import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer, stockListSchema, StockSortField } from '@bist/contracts';
import { STOCKS_PAGE_SIZE } from '@bist/contracts/values';
import { apiRequest } from '@/lib/api-client';
import type { StockLookup } from '@/lib/stock-lookup';

export interface StockListParams {
  page: number;
  limit?: number;
  /** Omitted for all sectors. */
  sector?: string | undefined;
  /** Omitted when empty. */
  search?: string | undefined;
  sortBy: StockSortField;
  sortOrder: 'asc' | 'desc';
}

export function stockListPath(params: StockListParams): string {
  const query = new URLSearchParams({
    page: String(params.page),
    limit: String(params.limit ?? STOCKS_PAGE_SIZE),
    sort_by: params.sortBy,
    sort_order: params.sortOrder,
  });
  if (params.sector) query.set('sector', params.sector);
  const search = params.search?.trim();
  if (search) query.set('search', search);
  return `/api/stocks/list?${query.toString()}`;
}

/** GET /api/stocks/list with paging, sector filter, search and sorting. */
export async function getStockList(params: StockListParams, signal?: AbortSignal) {
  const response = await apiRequest<Infer<typeof stockListSchema>>(stockListPath(params), { signal });
  return response.data;
}

export function getStockListQueryOptions(params: StockListParams) {
  return queryOptions({
    queryKey: ['stocks', 'list', params],
    queryFn: ({ signal }) => getStockList(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStockList(params: StockListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getStockListQueryOptions(params), enabled: options.enabled ?? true });
}

/** How many suggestions a search shows (the top bar's box and the symbol pickers). */
export const STOCK_SUGGESTIONS = 8;

/** The search's parameters for a typed term: the first page of suggestions, by symbol. */
export function stockSuggestionParams(search: string): StockListParams {
  return { page: 1, limit: STOCK_SUGGESTIONS, search, sortBy: 'symbol', sortOrder: 'asc' };
}

/** The symbol pickers' suggestions (the app's StockLookup): the same list query, its stocks only. */
export function stockSuggestionsQueryOptions(search: string): ReturnType<StockLookup['suggestions']> {
  const params = stockSuggestionParams(search);
  return {
    queryKey: getStockListQueryOptions(params).queryKey,
    queryFn: ({ signal }) => getStockList(params, signal),
    select: (data) => data.stocks,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  };
}
