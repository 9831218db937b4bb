import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RealtimeDashboard } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_OPS_KEY } from './query-keys';

/** GET /admin/api/monitoring/real-time/dashboard. */
export function getRealtimeDashboard(signal?: AbortSignal): Promise<RealtimeDashboard> {
  return adminRequest<RealtimeDashboard>('/monitoring/real-time/dashboard', { signal });
}

/** Polled at the server's sampling interval: the figures change no faster. */
export function useRealtimeDashboard() {
  return useQuery(
    queryOptions({
      queryKey: [...AI_OPS_KEY, 'realtime'],
      queryFn: ({ signal }) => getRealtimeDashboard(signal),
      refetchInterval: 5_000,
    }),
  );
}
