import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryRange, historySchema, Infer } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

export type HistoryKind = 'stocks' | 'indices';

/** GET /api/stocks/{symbol}/history?range= (or /api/indices/{id}/history): candles for a chart range. */
export async function getStockHistory(
  symbol: string,
  range: HistoryRange,
  signal?: AbortSignal,
  kind: HistoryKind = 'stocks',
) {
  const response = await apiRequest<Infer<typeof historySchema>>(
    `/api/${kind}/${encodeURIComponent(symbol)}/history?range=${range}`,
    {
      signal,
    },
  );
  return response.data;
}

export function getStockHistoryQueryOptions(
  symbol: string,
  range: HistoryRange,
  kind: HistoryKind = 'stocks',
) {
  return queryOptions({
    queryKey: [kind, 'history', symbol, range],
    queryFn: ({ signal }) => getStockHistory(symbol, range, signal, kind),
    placeholderData: keepPreviousData,
    staleTime: range === '1G' ? 30_000 : 5 * 60_000,
  });
}

export function useStockHistory(
  symbol: string,
  range: HistoryRange,
  options: { kind?: HistoryKind; enabled?: boolean } = {},
) {
  return useQuery({
    ...getStockHistoryQueryOptions(symbol, range, options.kind),
    enabled: options.enabled ?? true,
  });
}
