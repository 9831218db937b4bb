import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer, paymentHistoryResponseSchema, subscriptionResponseSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

export const SUBSCRIPTION_KEY = ['subscription'] as const;

/** GET /api/subscription: the investor's plan, its renewal date and the payment provider's label. */
export async function getSubscription(signal?: AbortSignal) {
  return (await apiRequest<Infer<typeof subscriptionResponseSchema>>('/api/subscription', { signal })).data;
}

/** GET /api/subscription/payments: the investor's payments, newest first. */
export async function getPayments(signal?: AbortSignal) {
  return (
    await apiRequest<Infer<typeof paymentHistoryResponseSchema>>('/api/subscription/payments', { signal })
  ).data;
}

export function useSubscription() {
  return useQuery(
    queryOptions({
      queryKey: [...SUBSCRIPTION_KEY, 'plan'],
      queryFn: ({ signal }) => getSubscription(signal),
    }),
  );
}

export function usePayments() {
  return useQuery(
    queryOptions({
      queryKey: [...SUBSCRIPTION_KEY, 'payments'],
      queryFn: ({ signal }) => getPayments(signal),
    }),
  );
}
