import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMPLIANCE_REFRESH_MS, ruleListResponseSchema, type ComplianceRule } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

/** GET /admin/api/compliance/rules?days: the rules with units, last run and violations in the period. */
export async function getRules(days: number, signal?: AbortSignal): Promise<ComplianceRule[]> {
  return (
    await adminRequest('/compliance/rules', { query: { days }, schema: ruleListResponseSchema, signal })
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
