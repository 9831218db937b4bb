import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentHistoryResponseSchema, subscriptionResponseSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

export const SUBSCRIPTION_KEY = ['subscription'] as const;

/** GET /api/subscription: the investor's plan, its renewal date and the payment provider's label. */
export async function getSubscription(signal?: AbortSignal) {
  return (await apiRequest('/api/subscription', { schema: subscriptionResponseSchema, signal })).data;
}

/** GET /api/subscription/payments: the investor's payments, newest first. */
export async function getPayments(signal?: AbortSignal) {
  return (await apiRequest('/api/subscription/payments', { schema: paymentHistoryResponseSchema, signal }))
    .data;
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
