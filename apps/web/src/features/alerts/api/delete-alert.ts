import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/alerts/{id}. */
export async function deleteAlert(id: number) {
  await apiRequest(`/api/alerts/${id}`, { method: 'DELETE' });
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['alerts'] }),
  });
}
