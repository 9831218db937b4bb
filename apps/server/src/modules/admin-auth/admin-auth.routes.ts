import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminDemoAccountsResponseSchema,
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminVerifyResponseSchema,
  errorResponses,
  okEnvelopeSchema,
} from '@bist/contracts';
import { adminAccess, adminActorOf, currentAdmin, requestMeta } from '@/plugins/admin-access';
import type { AdminAuthService } from './admin-auth.service.ts';

/** Attempts per IP per minute on the login route, before the per-account and per-IP lockout. */
const LOGIN_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

export function adminAuthRoutes(auth: AdminAuthService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/admin/api/auth/login',
      {
        config: { adminAccess: adminAccess.public, rateLimit: LOGIN_RATE_LIMIT },
        schema: {
          tags: ['admin'],
          summary: 'Staff sign-in',
          body: adminLoginRequestSchema,
          response: { 200: adminLoginResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const grant = await auth.login(request.body.email, request.body.password, requestMeta(request));
        return {
          success: true as const,
          token: grant.token,
          user: grant.user,
          expires_at: grant.expiresAt.toISOString(),
        };
      },
    );

    app.post(
      '/admin/api/auth/logout',
      {
        config: { adminAccess: adminAccess.authenticated },
        schema: {
          tags: ['admin'],
          summary: 'Revoke the current staff session',
          response: { 200: okEnvelopeSchema, ...errorResponses },
        },
      },
      async (request) => {
        await auth.logout(adminActorOf(request), requestMeta(request));
        return { success: true as const, message: 'Logged out' };
      },
    );

    app.get(
      '/admin/api/auth/verify',
      {
        config: { adminAccess: adminAccess.authenticated },
        schema: {
          tags: ['admin'],
          summary: 'The signed-in staff member',
          response: { 200: adminVerifyResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, user: currentAdmin(request).user }),
    );

    app.get(
      '/admin/api/auth/demo-accounts',
      {
        config: { adminAccess: adminAccess.public },
        schema: {
          tags: ['admin'],
          summary: "Demo staff for the login page's 'Use Demo Credentials' (404 unless demo mode)",
          response: { 200: adminDemoAccountsResponseSchema, ...errorResponses },
        },
      },
      async () => {
        const { defaultAccount, accounts } = auth.demoAccounts();
        return { success: true as const, default_account: defaultAccount, accounts };
      },
    );
  };
}
