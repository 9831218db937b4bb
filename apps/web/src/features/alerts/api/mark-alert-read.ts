import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertReadResponseSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/alerts/{id}/read. */
export async function markAlertRead(id: number) {
  const response = await apiRequest(`/api/alerts/${id}/read`, {
    method: 'POST',
    schema: alertReadResponseSchema,
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
