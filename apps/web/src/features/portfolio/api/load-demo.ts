import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Infer, portfolioDemoResponseSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/portfolio/demo: the labelled demo ledger into an empty portfolio (409 when it has transactions). */
export async function loadDemo() {
  const response = await apiRequest<Infer<typeof portfolioDemoResponseSchema>>('/api/portfolio/demo', {
    method: 'POST',
  });
  return response.data.count;
}

export function useLoadDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loadDemo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portfolio'] }),
  });
}
