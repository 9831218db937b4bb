import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiOptimization, aiOptimizeResponseSchema, Infer } from '@bist/contracts';
import {
  AI_OPTIMIZATION_NAME,
  OPTIMIZATION_RISK_TOLERANCE,
  OPTIMIZATION_TARGET_RETURN,
} from '@bist/contracts/values';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_ANALYTICS_KEY } from './query-keys';

/** Spec §7: seven fixed Turkish exchange stocks, with the '.IS' suffix. */
export const OPTIMIZATION_SYMBOLS = [
  'THYAO.IS',
  'GARAN.IS',
  'AKBNK.IS',
  'ASELS.IS',
  'EREGL.IS',
  'BIMAS.IS',
  'KCHOL.IS',
];

/** POST /admin/api/ai/portfolio/optimize {name, target_return 0.15, risk_tolerance 'medium', symbols}. */
export async function optimizePortfolio(): Promise<AiOptimization> {
  const { success: _success, ...optimization } = await adminRequest<Infer<typeof aiOptimizeResponseSchema>>(
    '/ai/portfolio/optimize',
    {
      method: 'POST',
      body: {
        name: AI_OPTIMIZATION_NAME,
        target_return: OPTIMIZATION_TARGET_RETURN,
        risk_tolerance: OPTIMIZATION_RISK_TOLERANCE,
        symbols: OPTIMIZATION_SYMBOLS,
      },
    },
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
