import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsResponse } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

/** GET /admin/api/settings. */
export function getSettings(signal?: AbortSignal): Promise<SettingsResponse> {
  return adminRequest<SettingsResponse>('/settings', { signal });
}

export function getSettingsQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'settings'], queryFn: ({ signal }) => getSettings(signal) });
}

export function useSettings(enabled = true) {
  return useQuery({ ...getSettingsQueryOptions(), enabled });
}
