import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionResponseSchema, type TransactionInput } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/portfolio/transactions (201); 400 names the field, 409 e.g. insufficient cash. */
export async function createTransaction(input: TransactionInput) {
  const response = await apiRequest('/api/portfolio/transactions', {
    method: 'POST',
    body: input,
    schema: transactionResponseSchema,
  });
  return response.data.transaction;
}

export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portfolio'] }),
  });
}
