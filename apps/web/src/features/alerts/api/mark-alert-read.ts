import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { alertReadResponseSchema, Infer } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/alerts/{id}/read. */
export async function markAlertRead(id: number) {
  const response = await apiRequest<Infer<typeof alertReadResponseSchema>>(`/api/alerts/${id}/read`, {
    method: 'POST',
  });
  return response.data;
}

export function useMarkAlertRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAlertRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['alerts'] }),
  });
}
