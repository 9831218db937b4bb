import type { SettingsResponse } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

/** PUT /admin/api/settings { ml_auto_retrain }: the nightly schedule on or off (audited by the server). */
export async function setAutoRetrain(enabled: boolean): Promise<void> {
  await adminRequest<SettingsResponse>('/settings', {
    method: 'PUT',
    body: { ml_auto_retrain: enabled },
  });
}
