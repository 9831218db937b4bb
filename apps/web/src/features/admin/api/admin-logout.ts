import type { Infer, okEnvelopeSchema } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

/** POST /admin/api/auth/logout: revokes the session on the server (the caller clears it locally regardless). */
export async function adminLogout(): Promise<void> {
  await adminRequest<Infer<typeof okEnvelopeSchema>>('/auth/logout', {
    method: 'POST',
    handleUnauthorized: false,
  });
}
