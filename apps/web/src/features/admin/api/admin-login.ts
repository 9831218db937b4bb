import { useMutation } from '@tanstack/react-query';
import type { AdminLoginRequest, AdminLoginResponse } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

/** POST /admin/api/auth/login. A 401 here means wrong credentials, so it must not end a session. */
export function adminLogin(body: AdminLoginRequest): Promise<AdminLoginResponse> {
  return adminRequest<AdminLoginResponse>('/auth/login', {
    method: 'POST',
    body,
    handleUnauthorized: false,
  });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
