import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiDashboard, aiDashboardResponseSchema, Infer } from '@bist/contracts';
import { AI_ANALYTICS_REFRESH_MS } from '@bist/contracts/values';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_ANALYTICS_KEY } from './query-keys';

/** GET /admin/api/ai/dashboard. */
export async function getAiDashboard(signal?: AbortSignal): Promise<AiDashboard> {
  return (await adminRequest<Infer<typeof aiDashboardResponseSchema>>('/ai/dashboard', { signal })).data;
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
