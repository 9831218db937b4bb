import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HealthResponse } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';
import { rememberDemoMode } from '@/features/auth/sign-in';

/** GET /health. Remembers demoMode so the offline login fallback (demo only) works when the server is gone. */
export async function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  const health = await apiRequest<HealthResponse>('/health', { signal });
  rememberDemoMode(health.demoMode);
  return health;
}

export function getHealthQueryOptions() {
  return queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => getHealth(signal),
    staleTime: 60_000,
  });
}

export function useHealth() {
  return useQuery(getHealthQueryOptions());
}
