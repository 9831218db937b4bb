import type { AdminSessionUser, AdminVerifyResponse } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

/** GET /admin/api/auth/verify: the staff member the stored admin token belongs to, checked on every load. */
export async function verifyAdmin(signal?: AbortSignal): Promise<AdminSessionUser> {
  const response = await adminRequest<AdminVerifyResponse>('/auth/verify', {
    signal,
    handleUnauthorized: false,
  });
  return response.user;
}
