import { useMutation } from '@tanstack/react-query';
import type { Infer, kvkkErasureResponseSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/privacy/erasure: with the password; the account is erased at once. */
export async function eraseAccount(password: string) {
  return apiRequest<Infer<typeof kvkkErasureResponseSchema>>('/api/privacy/erasure', {
    method: 'POST',
    body: { password },
  });
}

export function useEraseAccount() {
  return useMutation({ mutationFn: eraseAccount });
}
