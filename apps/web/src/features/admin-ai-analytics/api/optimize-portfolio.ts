import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiOptimization, aiOptimizeResponseSchema, Infer } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_ANALYTICS_KEY } from './query-keys';

/** What the optimiser form sends: the stocks or a basket, the objective, the tolerance and the per-stock cap. */
export interface OptimizeInputs {
  name: string;
  symbols?: string[];
  basket?: string;
  method: 'max_sharpe' | 'min_volatility' | 'efficient_return';
  target_return: number;
  risk_tolerance: 'low' | 'medium' | 'high';
  max_weight: number;
  use_model_views: boolean;
}

/** POST /admin/api/ai/portfolio/optimize; `reused` when identical inputs were answered moments ago (the stored run). */
export async function optimizePortfolio(
  inputs: OptimizeInputs,
): Promise<AiOptimization & { reused: boolean }> {
  const { success: _success, ...optimization } = await adminRequest<Infer<typeof aiOptimizeResponseSchema>>(
    '/ai/portfolio/optimize',
    { method: 'POST', body: inputs },
  );
  return optimization;
}

export function useOptimizePortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: optimizePortfolio,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AI_ANALYTICS_KEY }),
  });
}
