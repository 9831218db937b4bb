import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePlanRequest, Infer, subscriptionResponseSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';
import { SUBSCRIPTION_KEY } from './get-subscription';

/**
 * PUT /api/subscription: charged through the payment provider; Ücretsiz cancels at once. 503 without a provider.
 * One key per choice: should the request be sent again (a retry), the server answers it once and charges once.
 */
export async function changePlan(input: ChangePlanRequest) {
  return (
    await apiRequest<Infer<typeof subscriptionResponseSchema>>('/api/subscription', {
      method: 'PUT',
      body: input,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    })
  ).data;
}

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEY }),
  });
}
