import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminDemoAccountsResponseSchema,
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminPasswordResetConfirmSchema,
  adminPasswordResetRequestSchema,
  adminVerifyResponseSchema,
  errorResponses,
  okEnvelopeSchema,
} from '@bist/contracts';
import { adminAccess, adminActorOf, currentAdmin, requestMeta } from '@/plugins/admin-access';
import type { PasswordResetService } from '@/modules/password-reset/password-reset.service';
import type { AdminAuthService } from './admin-auth.service.ts';

/** Attempts per IP per minute on the login route, before the per-account and per-IP lockout. */
const LOGIN_RATE_LIMIT = { max: 60, timeWindow: 60_000 };
/** Reset requests and confirmations per IP per minute, before the per-hour throttle of requests. */
const RESET_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

export function adminAuthRoutes(auth: AdminAuthService, resets: PasswordResetService) {
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
      '/admin/api/auth/password-reset/request',
      {
        config: { adminAccess: adminAccess.public, rateLimit: RESET_RATE_LIMIT },
        schema: {
          tags: ['admin'],
          summary:
            'E-mail a password-reset link (the same 200 answer whether the e-mail has an account or not; 503 without e-mail)',
          body: adminPasswordResetRequestSchema,
          response: { 200: okEnvelopeSchema, ...errorResponses },
        },
      },
      async (request) => {
        await resets.request(request.body.email, requestMeta(request).ip ?? 'unknown');
        return { success: true as const, message: resets.texts.requested };
      },
    );

    app.post(
      '/admin/api/auth/password-reset/confirm',
      {
        config: { adminAccess: adminAccess.public, rateLimit: RESET_RATE_LIMIT },
        schema: {
          tags: ['admin'],
          summary:
            "Set a new password with a reset link's token (once; ends every session and the account's sign-in lock; audited)",
          body: adminPasswordResetConfirmSchema,
          response: { 200: okEnvelopeSchema, ...errorResponses },
        },
      },
      async (request) => {
        const meta = requestMeta(request);
        await resets.confirm(request.body.token, request.body.password, {
          ip: meta.ip ?? 'unknown',
          userAgent: meta.userAgent,
        });
        return { success: true as const, message: 'Password changed. Sign in with the new password.' };
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
