import { adminVerifyResponseSchema, type AdminSessionUser } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

/** GET /admin/api/auth/verify: the staff member the stored admin token belongs to, checked on every load. */
export async function verifyAdmin(signal?: AbortSignal): Promise<AdminSessionUser> {
  const response = await adminRequest('/auth/verify', {
    schema: adminVerifyResponseSchema,
    signal,
    handleUnauthorized: false,
  });
  return response.user;
}
