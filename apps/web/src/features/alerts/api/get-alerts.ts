import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertListResponseSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** Spec §9: the top bar polls every 30 s. */
export const ALERTS_REFRESH_MS = 30_000;

/** GET /api/alerts: active first, then triggered; with the unread count. */
export async function getAlerts(signal?: AbortSignal) {
  const response = await apiRequest('/api/alerts', { schema: alertListResponseSchema, signal });
  return response.data;
}

export function getAlertsQueryOptions() {
  return queryOptions({
    queryKey: ['alerts', 'list'],
    queryFn: ({ signal }) => getAlerts(signal),
    refetchInterval: ALERTS_REFRESH_MS,
  });
}

export function useAlerts(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getAlertsQueryOptions(), enabled: options.enabled ?? true });
}
