import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BiRevenue, biRevenueResponseSchema, Infer } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { BI_KEY, biViewQuery, type BiPeriod, type BiSource } from './query-keys';

/** GET /admin/api/bi/revenue/dashboard?period: Revenue by day and plan, projection, MRR and its movements. */
export function getBiRevenue(period: BiPeriod, source: BiSource, signal?: AbortSignal): Promise<BiRevenue> {
  return adminRequest<Infer<typeof biRevenueResponseSchema>>('/bi/revenue/dashboard', {
    query: biViewQuery(period, source),
    signal,
  }).then((b) => b.data);
}

/** `enabled` false for a part the signed-in role may not read (the server would answer 403). */
export function useBiRevenue(period: BiPeriod, source: BiSource, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: [...BI_KEY, 'revenue', period, source ?? 'default'],
      queryFn: ({ signal }) => getBiRevenue(period, source, signal),
      enabled,
    }),
  );
}
