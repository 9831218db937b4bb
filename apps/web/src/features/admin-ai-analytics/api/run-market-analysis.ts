import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AiAnalysisType,
  AiMarketAnalysis,
  aiMarketAnalysisResponseSchema,
  Infer,
} from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_ANALYTICS_KEY } from './query-keys';

/** POST /admin/api/ai/analysis/market {type}. */
export async function runMarketAnalysis(type: AiAnalysisType): Promise<AiMarketAnalysis> {
  return (
    await adminRequest<Infer<typeof aiMarketAnalysisResponseSchema>>('/ai/analysis/market', {
      method: 'POST',
      body: { type },
    })
  ).analysis;
}

export function useRunMarketAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runMarketAnalysis,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AI_ANALYTICS_KEY }),
  });
}
