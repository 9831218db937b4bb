import { queryOptions, useQuery } from '@tanstack/react-query';
import { AI_ANALYTICS_REFRESH_MS, aiDashboardResponseSchema, type AiDashboard } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_ANALYTICS_KEY } from './query-keys';

/** GET /admin/api/ai/dashboard. */
export async function getAiDashboard(signal?: AbortSignal): Promise<AiDashboard> {
  return (await adminRequest('/ai/dashboard', { schema: aiDashboardResponseSchema, signal })).data;
}

export function useAiDashboard() {
  return useQuery(
    queryOptions({
      queryKey: [...AI_ANALYTICS_KEY, 'dashboard'],
      queryFn: ({ signal }) => getAiDashboard(signal),
      refetchInterval: AI_ANALYTICS_REFRESH_MS,
    }),
  );
}
