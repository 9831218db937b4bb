import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BiRevenue, biRevenueResponseSchema, Infer } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { BI_KEY, type BiPeriod } from './query-keys';

/** GET /admin/api/bi/revenue/dashboard?period: Revenue by day and plan, projection, MRR and its movements. */
export function getBiRevenue(period: BiPeriod, signal?: AbortSignal): Promise<BiRevenue> {
  return adminRequest<Infer<typeof biRevenueResponseSchema>>('/bi/revenue/dashboard', {
    query: { period },
    signal,
  }).then((b) => b.data);
}

export function useBiRevenue(period: BiPeriod) {
  return useQuery(
    queryOptions({
      queryKey: [...BI_KEY, 'revenue', period],
      queryFn: ({ signal }) => getBiRevenue(period, signal),
    }),
  );
}
