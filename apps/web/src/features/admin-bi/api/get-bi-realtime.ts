import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BiRealtime, biRealtimeResponseSchema, Infer } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { BI_KEY } from './query-keys';

/** BI real-time refresh (spec §9). */
export const BI_REALTIME_REFRESH_MS = 30_000;

/** GET /admin/api/bi/realtime/metrics: the last 5 minutes and revenue today. */
export function getBiRealtime(signal?: AbortSignal): Promise<BiRealtime> {
  return adminRequest<Infer<typeof biRealtimeResponseSchema>>('/bi/realtime/metrics', { signal }).then(
    (b) => b.data,
  );
}

export function useBiRealtime() {
  return useQuery(
    queryOptions({
      queryKey: [...BI_KEY, 'realtime'],
      queryFn: ({ signal }) => getBiRealtime(signal),
      refetchInterval: BI_REALTIME_REFRESH_MS,
    }),
  );
}
