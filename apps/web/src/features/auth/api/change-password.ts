import { useMutation } from '@tanstack/react-query';
import type { Infer, okEnvelopeSchema, PasswordChange } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/auth/password: the current password (403 naming it when wrong) and the new one. */
export function changePassword(body: PasswordChange) {
  return apiRequest<Infer<typeof okEnvelopeSchema>>('/api/auth/password', { method: 'PUT', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
