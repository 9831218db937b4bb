import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserResponse, AdminUserUpdate } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

/** PUT /admin/api/users/{id}: only the given fields change; no password keeps the current one. */
export async function updateAdminUser({
  id,
  body,
}: {
  id: string;
  body: AdminUserUpdate;
}): Promise<AdminUser> {
  const response = await adminRequest<AdminUserResponse>(`/users/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
  return response.user;
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
