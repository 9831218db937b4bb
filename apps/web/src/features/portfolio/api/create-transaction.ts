import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransactionInput, TransactionResponse } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';
import { trackEvent } from '@/lib/product-events';

/** POST /api/portfolio/transactions (201); 400 names the field, 409 e.g. insufficient cash. */
export async function createTransaction(input: TransactionInput) {
  const response = await apiRequest<TransactionResponse>('/api/portfolio/transactions', {
    method: 'POST',
    body: input,
  });
  return response.data.transaction;
}

export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransaction,
    onSuccess: () => {
      trackEvent('trade_recorded');
      return queryClient.invalidateQueries({ queryKey: ['portfolio'] });
    },
  });
}
