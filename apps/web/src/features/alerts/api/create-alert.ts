import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertCreateRequest, alertResponseSchema, Infer } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';
import { trackEvent } from '@/lib/product-events';

/** POST /api/alerts (201); an alert the current price already meets comes back triggered. */
export async function createAlert(input: AlertCreateRequest) {
  const response = await apiRequest<Infer<typeof alertResponseSchema>>('/api/alerts', {
    method: 'POST',
    body: input,
  });
  return response.data.alert;
}

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlert,
    onSuccess: () => trackEvent('alert_created'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['alerts'] }),
  });
}
