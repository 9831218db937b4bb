import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiGeneratePredictionsResponse } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_ANALYTICS_KEY } from './query-keys';

/** Spec §7: five fixed Turkish exchange stocks, with the '.IS' suffix. */
export const PREDICTION_SYMBOLS = ['THYAO.IS', 'GARAN.IS', 'AKBNK.IS', 'ASELS.IS', 'EREGL.IS'];

/** POST /admin/api/ai/predictions/generate {symbols, type 'price', horizon '1d'}. */
export async function generatePredictions(): Promise<AiGeneratePredictionsResponse> {
  return adminRequest<AiGeneratePredictionsResponse>('/ai/predictions/generate', {
    method: 'POST',
    body: { symbols: PREDICTION_SYMBOLS, type: 'price', horizon: '1d' },
  });
}

export function useGeneratePredictions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generatePredictions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AI_ANALYTICS_KEY }),
  });
}
