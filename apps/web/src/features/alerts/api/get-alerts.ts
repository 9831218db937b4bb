import { queryOptions, useQuery } from '@tanstack/react-query';
import type { alertListResponseSchema, Infer } from '@bist/contracts';
import { TOP_BAR_POLL_MS } from '@bist/contracts/values';
import { apiRequest } from '@/lib/api-client';

/** GET /api/alerts: active first, then triggered; with the unread count. */
export async function getAlerts(signal?: AbortSignal) {
  const response = await apiRequest<Infer<typeof alertListResponseSchema>>('/api/alerts', { signal });
  return response.data;
}

export function getAlertsQueryOptions() {
  return queryOptions({
    queryKey: ['alerts', 'list'],
    queryFn: ({ signal }) => getAlerts(signal),
    refetchInterval: TOP_BAR_POLL_MS,
  });
}

export function useAlerts(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getAlertsQueryOptions(), enabled: options.enabled ?? true });
}
