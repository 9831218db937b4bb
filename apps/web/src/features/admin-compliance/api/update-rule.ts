import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComplianceRule, Infer, ruleResponseSchema, RuleUpdate } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

/** PUT /admin/api/compliance/rules/{code}: parameters, severity or enabled; the server bumps the version. */
export async function updateRule({
  code,
  body,
}: {
  code: string;
  body: RuleUpdate;
}): Promise<ComplianceRule> {
  return (
    await adminRequest<Infer<typeof ruleResponseSchema>>(`/compliance/rules/${encodeURIComponent(code)}`, {
      method: 'PUT',
      body,
    })
  ).data;
}

export function useUpdateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPLIANCE_KEY }),
  });
}
