import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminRole, AdminUser, AdminUsersResponse } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

export interface AdminUsersFilter {
  search: string;
  role: AdminRole | 'all';
  status: 'all' | 'active' | 'inactive';
}

/** GET /admin/api/users?search&role&status. */
export async function getAdminUsers(filter: AdminUsersFilter, signal?: AbortSignal): Promise<AdminUser[]> {
  const response = await adminRequest<AdminUsersResponse>('/users', {
    signal,
    query: {
      search: filter.search.trim() || undefined,
      role: filter.role === 'all' ? undefined : filter.role,
      status: filter.status,
    },
  });
  return response.users;
}

export function getAdminUsersQueryOptions(filter: AdminUsersFilter) {
  return queryOptions({
    queryKey: ['admin', 'users', filter],
    queryFn: ({ signal }) => getAdminUsers(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(filter: AdminUsersFilter, enabled = true) {
  return useQuery({ ...getAdminUsersQueryOptions(filter), enabled });
}
