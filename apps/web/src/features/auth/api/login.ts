import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginRequest } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';
import { trackEvent } from '@/lib/product-events';

/** POST /api/auth/login. A 401 here means wrong credentials, so it must not end a session. */
export function login(body: LoginRequest): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/api/auth/login', {
    method: 'POST',
    body,
    handleUnauthorized: false,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: () => trackEvent('login') });
}
