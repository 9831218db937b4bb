import type { Infer, okEnvelopeSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/logout: revokes the token on the server. */
export async function logout(): Promise<void> {
  await apiRequest<Infer<typeof okEnvelopeSchema>>('/api/auth/logout', {
    method: 'POST',
    handleUnauthorized: false,
  });
}
