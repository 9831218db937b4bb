import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Infer, ruleRunResponseSchema } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

/** POST /admin/api/compliance/rules/run: queued (202) or run at once (200) with its new violations. */
export async function runRules() {
  return (
    await adminRequest<Infer<typeof ruleRunResponseSchema>>('/compliance/rules/run', { method: 'POST' })
  ).data;
}

export function useRunRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runRules,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPLIANCE_KEY }),
  });
}
