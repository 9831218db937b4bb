import { useMutation } from '@tanstack/react-query';
import type { Infer, okEnvelopeSchema, passwordResetRequestResponseSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/auth/password-reset/request: the same answer for every e-mail, saying how links leave this server
 * (by e-mail, or in demo mode without SMTP to the server's outbox).
 */
export function requestPasswordReset(email: string) {
  return apiRequest<Infer<typeof passwordResetRequestResponseSchema>>('/api/auth/password-reset/request', {
    method: 'POST',
    body: { email },
    handleUnauthorized: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** POST /api/auth/password-reset/confirm: the link's token and the new password (once; every session ends). */
export function confirmPasswordReset(body: { token: string; password: string }) {
  return apiRequest<Infer<typeof okEnvelopeSchema>>('/api/auth/password-reset/confirm', {
    method: 'POST',
    body,
    handleUnauthorized: false,
  });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
