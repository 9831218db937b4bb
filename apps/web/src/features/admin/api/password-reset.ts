import { useMutation } from '@tanstack/react-query';
import type { Infer, adminPasswordResetConfirmSchema, okEnvelopeSchema } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

/** POST /admin/api/auth/password-reset/request: the same answer for every e-mail; the link comes by e-mail. */
export function requestPasswordReset(email: string) {
  return adminRequest<Infer<typeof okEnvelopeSchema>>('/auth/password-reset/request', {
    method: 'POST',
    body: { email },
    handleUnauthorized: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** POST /admin/api/auth/password-reset/confirm: the link's token and the new password (once). */
export function confirmPasswordReset(body: Infer<typeof adminPasswordResetConfirmSchema>) {
  return adminRequest<Infer<typeof okEnvelopeSchema>>('/auth/password-reset/confirm', {
    method: 'POST',
    body,
    handleUnauthorized: false,
  });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
