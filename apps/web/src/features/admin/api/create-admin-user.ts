import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserResponseSchema, type AdminUser, type AdminUserCreate } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

export type AdminUserCreateBody = Omit<AdminUserCreate, 'role' | 'is_active'> &
  Partial<Pick<AdminUserCreate, 'role' | 'is_active'>>;

/** POST /admin/api/users. */
export async function createAdminUser(body: AdminUserCreateBody): Promise<AdminUser> {
  const response = await adminRequest('/users', { method: 'POST', body, schema: adminUserResponseSchema });
  return response.user;
}

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
