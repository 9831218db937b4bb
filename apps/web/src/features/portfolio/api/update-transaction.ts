import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransactionInput, TransactionResponse } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/portfolio/transactions/{id}: the ledger after it is recomputed. */
export async function updateTransaction({ id, input }: { id: number; input: TransactionInput }) {
  const response = await apiRequest<TransactionResponse>(`/api/portfolio/transactions/${id}`, {
    method: 'PUT',
    body: input,
  });
  return response.data.transaction;
}

export function useUpdateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portfolio'] }),
  });
}
