import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Infer, portfolioDemoResponseSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/portfolio/demo: every demo transaction in one step. */
export async function removeDemo() {
  const response = await apiRequest<Infer<typeof portfolioDemoResponseSchema>>('/api/portfolio/demo', {
    method: 'DELETE',
  });
  return response.data.count;
}

export function useRemoveDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDemo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portfolio'] }),
  });
}
