import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CustomerUser } from '@bist/contracts';
import { bearerToken } from '@/lib/tokens';

/** Resolves a bearer token to the signed-in investor (AuthService); throws UnauthorizedError without one. */
export interface CustomerAuthenticator {
  authenticate(token: string | null): Promise<{ user: CustomerUser; tokenHash: string }>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in investor, set by the customer guard. */
    customer?: { user: CustomerUser; tokenHash: string };
  }
}

/** preHandler for customer routes: 401 without a valid customer session (admin tokens are unknown here). */
export function customerGuard(auth: CustomerAuthenticator) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    request.customer = await auth.authenticate(bearerToken(request.headers.authorization));
  };
}

/** The investor set by `customerGuard`; a route without the guard calling this is a programming error. */
export function currentCustomer(request: FastifyRequest): { user: CustomerUser; tokenHash: string } {
  if (!request.customer) throw new Error('customerGuard did not run for this route');
  return request.customer;
}
