import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlatformSettingsUpdate, SettingsResponse } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { getSettingsQueryOptions } from './get-settings';

/** PUT /admin/api/settings (any subset of the fields; audited by the server). */
export function updateSettings(body: PlatformSettingsUpdate): Promise<SettingsResponse> {
  return adminRequest<SettingsResponse>('/settings', { method: 'PUT', body });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (data) => {
      queryClient.setQueryData(getSettingsQueryOptions().queryKey, data);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard-stats'] });
    },
  });
}
