import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Infer, okEnvelopeSchema } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

/** DELETE /admin/api/users/{id}. */
export async function deleteAdminUser(id: string): Promise<void> {
  await adminRequest<Infer<typeof okEnvelopeSchema>>(`/users/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
