import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Infer, Risk, RiskInput, riskResponseSchema } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

/** POST /admin/api/compliance/risks (no id) or PUT /admin/api/compliance/risks/{id}. */
export async function saveRisk({ id, body }: { id?: string | undefined; body: RiskInput }): Promise<Risk> {
  return (
    await adminRequest<Infer<typeof riskResponseSchema>>(
      id ? `/compliance/risks/${encodeURIComponent(id)}` : '/compliance/risks',
      {
        method: id ? 'PUT' : 'POST',
        body,
      },
    )
  ).data;
}

export function useSaveRisk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRisk,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPLIANCE_KEY }),
  });
}
