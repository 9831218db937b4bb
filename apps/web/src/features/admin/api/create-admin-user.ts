import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserCreate, AdminUserResponse } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

export type AdminUserCreateBody = Omit<AdminUserCreate, 'role' | 'is_active'> &
  Partial<Pick<AdminUserCreate, 'role' | 'is_active'>>;

/** POST /admin/api/users. */
export async function createAdminUser(body: AdminUserCreateBody): Promise<AdminUser> {
  const response = await adminRequest<AdminUserResponse>('/users', { method: 'POST', body });
  return response.user;
}

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
