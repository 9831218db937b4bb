import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePlanRequest, Infer, subscriptionResponseSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';
import { SUBSCRIPTION_KEY } from './get-subscription';

/** PUT /api/subscription: charged through the payment provider; Ücretsiz cancels at once. 503 without a provider. */
export async function changePlan(input: ChangePlanRequest) {
  return (
    await apiRequest<Infer<typeof subscriptionResponseSchema>>('/api/subscription', {
      method: 'PUT',
      body: input,
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
