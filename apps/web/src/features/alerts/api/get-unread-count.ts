import { queryOptions, useQuery } from '@tanstack/react-query';
import type { alertUnreadCountResponseSchema, Infer } from '@bist/contracts';
import { TOP_BAR_POLL_MS } from '@bist/contracts/values';
import { apiRequest } from '@/lib/api-client';

/** GET /api/alerts/unread-count: triggered and unread alerts, for the bell badge. */
export async function getUnreadAlertCount(signal?: AbortSignal) {
  const response = await apiRequest<Infer<typeof alertUnreadCountResponseSchema>>(
    '/api/alerts/unread-count',
    {
      signal,
    },
  );
  return response.data.unread_count;
}

export function getUnreadAlertCountQueryOptions() {
  return queryOptions({
    queryKey: ['alerts', 'unread-count'],
    queryFn: ({ signal }) => getUnreadAlertCount(signal),
    refetchInterval: TOP_BAR_POLL_MS,
  });
}

export function useUnreadAlertCount() {
  return useQuery(getUnreadAlertCountQueryOptions());
}
