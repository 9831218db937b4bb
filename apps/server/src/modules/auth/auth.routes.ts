import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  consentsResponseSchema,
  consentsUpdateSchema,
  errorResponses,
  loginRequestSchema,
  meResponseSchema,
  okEnvelopeSchema,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestResponseSchema,
  passwordResetRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  REGISTER_ACCEPTED_MESSAGE,
} from '@bist/contracts';
import { AUTH_MESSAGES, type AuthService, type SessionGrant } from './auth.service.ts';
import { currentCustomer, customerGuard } from '@/plugins/customer-auth';
import type { PasswordResetService } from '@/modules/password-reset/password-reset.service';

/** Attempts per IP per minute on the login and register routes, before the per-e-mail failure throttle. */
const AUTH_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

function meta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

function body(grant: SessionGrant) {
  return {
    success: true as const,
    token: grant.token,
    user: grant.user,
    redirect: '/dashboard',
    expiresAt: grant.expiresAt.toISOString(),
  };
}

/** Password changes per IP per minute: a stolen session must not guess the current password. */
const PASSWORD_CHANGE_RATE_LIMIT = { max: 10, timeWindow: 60_000 };

/** Reset requests and confirmations per IP per minute, before the per-hour throttle of requests. */
const RESET_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

export function authRoutes(auth: AuthService, resets: PasswordResetService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const guard = customerGuard(auth);

    app.post(
      '/api/auth/login',
      {
        config: { rateLimit: AUTH_RATE_LIMIT },
        schema: {
          tags: ['auth'],
          summary: 'Sign an investor in (demo mode: an unknown e-mail creates the account)',
          body: loginRequestSchema,
          response: { 200: authResponseSchema, ...errorResponses },
        },
      },
      async (request) => body(await auth.login(request.body.email, request.body.password, meta(request))),
    );

    app.post(
      '/api/auth/register',
      {
        config: { rateLimit: AUTH_RATE_LIMIT },
        schema: {
          tags: ['auth'],
          summary: 'Register an investor account (the same answer for a taken e-mail; then sign in)',
          body: registerRequestSchema,
          response: { 202: registerResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        await auth.register(request.body.email, request.body.password, request.body.name, {
          marketing: request.body.marketing_consent ?? false,
        });
        return reply.status(202).send({ success: true as const, message: REGISTER_ACCEPTED_MESSAGE });
      },
    );

    app.post(
      '/api/auth/password-reset/request',
      {
        config: { rateLimit: RESET_RATE_LIMIT },
        schema: {
          tags: ['auth'],
          summary:
            'E-mail a password-reset link (the same 200 answer whether the e-mail has an account or not; 503 without e-mail)',
          body: passwordResetRequestSchema,
          response: { 200: passwordResetRequestResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        await resets.request(request.body.email, request.ip);
        return {
          success: true as const,
          message: resets.texts.requested,
          // request() refused with 503 when there is no mailer.
          delivery: resets.delivery ?? ('email' as const),
        };
      },
    );

    app.post(
      '/api/auth/password-reset/confirm',
      {
        config: { rateLimit: RESET_RATE_LIMIT },
        schema: {
          tags: ['auth'],
          summary:
            "Set a new password with a reset link's token (once; ends every session and the sign-in lock)",
          body: passwordResetConfirmSchema,
          response: { 200: okEnvelopeSchema, ...errorResponses },
        },
      },
      async (request) => {
        await resets.confirm(request.body.token, request.body.password, meta(request));
        return { success: true as const, message: 'Şifreniz değişti. Yeni şifrenizle giriş yapın.' };
      },
    );

    app.put(
      '/api/auth/password',
      {
        preHandler: guard,
        config: { rateLimit: PASSWORD_CHANGE_RATE_LIMIT },
        schema: {
          tags: ['auth'],
          summary:
            "Change the signed-in investor's password (current_password required: 403 naming it when wrong); every other session ends",
          body: passwordChangeSchema,
          response: { 200: okEnvelopeSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { user, tokenHash } = currentCustomer(request);
        await auth.changePassword(
          user.id,
          tokenHash,
          request.body.current_password,
          request.body.new_password,
        );
        return { success: true as const, message: AUTH_MESSAGES.passwordChanged };
      },
    );

    app.get(
      '/api/auth/consents',
      {
        preHandler: guard,
        schema: {
          tags: ['auth'],
          summary:
            'What the investor agreed to: the aydınlatma metni acknowledged, campaign e-mails (açık rıza)',
          response: { 200: consentsResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await auth.consents(currentCustomer(request).user.id),
      }),
    );

    app.put(
      '/api/auth/consents',
      {
        preHandler: guard,
        schema: {
          tags: ['auth'],
          summary: 'Give or withdraw the açık rıza for campaign e-mails',
          body: consentsUpdateSchema,
          response: { 200: consentsResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await auth.setMarketingConsent(
          currentCustomer(request).user.id,
          request.body.marketing_consent,
        ),
      }),
    );

    app.post(
      '/api/auth/logout',
      {
        preHandler: guard,
        schema: {
          tags: ['auth'],
          summary: 'Revoke the current session',
          response: { 200: okEnvelopeSchema, ...errorResponses },
        },
      },
      async (request) => {
        await auth.logout(currentCustomer(request).tokenHash);
        return { success: true as const, message: 'Çıkış yapıldı' };
      },
    );

    app.get(
      '/api/auth/me',
      {
        preHandler: guard,
        schema: {
          tags: ['auth'],
          summary: 'The signed-in investor',
          response: { 200: meResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, user: currentCustomer(request).user }),
    );
  };
}
