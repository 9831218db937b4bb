import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/portfolio/transactions/{id}; 409 when the ledger without it would be invalid. */
export async function deleteTransaction(id: number) {
  await apiRequest(`/api/portfolio/transactions/${id}`, { method: 'DELETE' });
}

export function useDeleteTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portfolio'] }),
  });
}
