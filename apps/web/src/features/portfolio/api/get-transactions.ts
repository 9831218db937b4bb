import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionListResponse } from '@bist/contracts';
import { PORTFOLIO_REFRESH_MS } from '@bist/contracts/values';
import { apiRequest } from '@/lib/api-client';

/** GET /api/portfolio/transactions[?symbol=]: newest first. */
export async function getTransactions(symbol: string | undefined, signal?: AbortSignal) {
  const query = symbol ? `?symbol=${encodeURIComponent(symbol)}` : '';
  const response = await apiRequest<TransactionListResponse>(`/api/portfolio/transactions${query}`, {
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
