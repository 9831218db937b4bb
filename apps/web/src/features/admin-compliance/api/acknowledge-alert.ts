import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComplianceAlert, complianceAlertResponseSchema, Infer } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

/** POST /admin/api/compliance/alerts/{id}/acknowledge (the server records the signed-in staff member). */
export async function acknowledgeAlert(input: {
  id: string;
  acknowledgedBy: string;
}): Promise<ComplianceAlert> {
  return (
    await adminRequest<Infer<typeof complianceAlertResponseSchema>>(
      `/compliance/alerts/${encodeURIComponent(input.id)}/acknowledge`,
      {
        method: 'POST',
        body: { acknowledged_by: input.acknowledgedBy },
      },
    )
  ).data;
}

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPLIANCE_KEY }),
  });
}
