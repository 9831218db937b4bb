import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HealthResponse } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** GET /health. Remembers demoMode so the offline login fallback (demo only) works when the server is gone. */
export async function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  const health = await apiRequest<HealthResponse>('/health', { signal });
  writeStorage(STORAGE_KEYS.demoMode, health.demoMode ? 'true' : 'false');
  return health;
}

/** demoMode from the last successful /health; false when the app has never seen one. */
export function rememberedDemoMode(): boolean {
  return readStorage(STORAGE_KEYS.demoMode) === 'true';
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
