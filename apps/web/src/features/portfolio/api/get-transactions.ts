import { queryOptions, useQuery } from '@tanstack/react-query';
import { PORTFOLIO_REFRESH_MS, transactionListResponseSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/portfolio/transactions[?symbol=]: newest first. */
export async function getTransactions(symbol: string | undefined, signal?: AbortSignal) {
  const query = symbol ? `?symbol=${encodeURIComponent(symbol)}` : '';
  const response = await apiRequest(`/api/portfolio/transactions${query}`, {
    schema: transactionListResponseSchema,
    signal,
  });
  return response.data;
}

export function getTransactionsQueryOptions(symbol?: string) {
  return queryOptions({
    queryKey: ['portfolio', 'transactions', symbol ?? null],
    queryFn: ({ signal }) => getTransactions(symbol, signal),
    refetchInterval: PORTFOLIO_REFRESH_MS,
  });
}

export function useTransactions(symbol?: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getTransactionsQueryOptions(symbol), enabled: options.enabled ?? true });
}
