import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TransactionListResponse } from '@bist/contracts';
import { PORTFOLIO_REFRESH_MS } from '@bist/contracts/values';
import { apiRequest } from '@/lib/api-client';

/** GET /api/portfolio/transactions[?symbol=][&cursor=]: one page, newest first, with the ledger's count. */
export async function getTransactions(
  symbol: string | undefined,
  cursor: string | null,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams();
  if (symbol) params.set('symbol', symbol);
  if (cursor) params.set('cursor', cursor);
  const query = params.size > 0 ? `?${params.toString()}` : '';
  const response = await apiRequest<TransactionListResponse>(`/api/portfolio/transactions${query}`, {
    signal,
  });
  return response.data;
}

/** The pages read so far ('Daha fazla' reads the next); a refresh or a write reads them again. */
export function getTransactionsQueryOptions(symbol?: string) {
  return infiniteQueryOptions({
    queryKey: ['portfolio', 'transactions', symbol ?? null],
    queryFn: ({ pageParam, signal }) => getTransactions(symbol, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: PORTFOLIO_REFRESH_MS,
  });
}

export function useTransactions(symbol?: string, options: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({
    ...getTransactionsQueryOptions(symbol),
    enabled: options.enabled ?? true,
  });
  const pages = query.data?.pages;
  return {
    ...query,
    transactions: pages?.flatMap((page) => page.transactions),
    total: pages?.at(-1)?.total ?? 0,
  };
}
