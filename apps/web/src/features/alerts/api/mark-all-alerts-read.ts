import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { alertReadResponseSchema, Infer } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/alerts/read-all. */
export async function markAllAlertsRead() {
  const response = await apiRequest<Infer<typeof alertReadResponseSchema>>('/api/alerts/read-all', {
    method: 'POST',
  });
  return response.data;
}

export function useMarkAllAlertsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllAlertsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['alerts'] }),
  });
}
