import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDemoAccountsResponse } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

/** GET /admin/api/auth/demo-accounts: the demo staff (404 when demo mode is off, which hides the demo button). */
export function getDemoAccounts(signal?: AbortSignal): Promise<AdminDemoAccountsResponse> {
  return adminRequest<AdminDemoAccountsResponse>('/auth/demo-accounts', {
    signal,
    handleUnauthorized: false,
  });
}

export function getDemoAccountsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'demo-accounts'],
    queryFn: ({ signal }) => getDemoAccounts(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useDemoAccounts() {
  return useQuery(getDemoAccountsQueryOptions());
}
