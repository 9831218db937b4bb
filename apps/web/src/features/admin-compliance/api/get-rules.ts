import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ComplianceRule, Infer, ruleListResponseSchema } from '@bist/contracts';
import { COMPLIANCE_REFRESH_MS } from '@bist/contracts/values';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

/** GET /admin/api/compliance/rules?days: the rules with units, last run and violations in the period. */
export async function getRules(days: number, signal?: AbortSignal): Promise<ComplianceRule[]> {
  return (
    await adminRequest<Infer<typeof ruleListResponseSchema>>('/compliance/rules', { query: { days }, signal })
  ).data;
}

export function useRules(days: number) {
  return useQuery(
    queryOptions({
      queryKey: [...COMPLIANCE_KEY, 'rules', days],
      queryFn: ({ signal }) => getRules(days, signal),
      refetchInterval: COMPLIANCE_REFRESH_MS,
    }),
  );
}
