import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertUnreadCountResponseSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';
import { ALERTS_REFRESH_MS } from './get-alerts';

/** GET /api/alerts/unread-count: triggered and unread alerts, for the bell badge. */
export async function getUnreadAlertCount(signal?: AbortSignal) {
  const response = await apiRequest('/api/alerts/unread-count', {
    schema: alertUnreadCountResponseSchema,
    signal,
  });
  return response.data.unread_count;
}

export function getUnreadAlertCountQueryOptions() {
  return queryOptions({
    queryKey: ['alerts', 'unread-count'],
    queryFn: ({ signal }) => getUnreadAlertCount(signal),
    refetchInterval: ALERTS_REFRESH_MS,
  });
}

export function useUnreadAlertCount() {
  return useQuery(getUnreadAlertCountQueryOptions());
}
