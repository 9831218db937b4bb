import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest, RegisterResponse } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';
import { trackEvent } from '@/lib/product-events';

/** POST /api/auth/register: the same 202 answer for a new and a taken e-mail (decision 0013); then sign in. */
export function register(body: RegisterRequest): Promise<RegisterResponse> {
  return apiRequest<RegisterResponse>('/api/auth/register', {
    method: 'POST',
    body,
    handleUnauthorized: false,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register, onSuccess: () => trackEvent('sign_up') });
}
