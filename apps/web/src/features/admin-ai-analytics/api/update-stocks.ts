import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { aiStocksUpdateResponseSchema, Infer } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_ANALYTICS_KEY } from './query-keys';

/** POST /admin/api/ai/stocks/update (no body): forces a feed refresh. */
export async function updateStocks() {
  return (
    await adminRequest<Infer<typeof aiStocksUpdateResponseSchema>>('/ai/stocks/update', { method: 'POST' })
  ).data;
}

export function useUpdateStocks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStocks,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AI_ANALYTICS_KEY }),
  });
}
