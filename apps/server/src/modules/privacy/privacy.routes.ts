import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMPLIANCE_ACCESS,
  errorResponses,
  kvkkErasureRequestSchema,
  kvkkErasureResponseSchema,
  kvkkRequestListResponseSchema,
  kvkkRequestsQuerySchema,
} from '@bist/contracts';
import { adminAccess } from '@/plugins/admin-access';
import { currentCustomer, customerGuard, type CustomerAuthenticator } from '@/plugins/customer-auth';
import { PRIVACY_MESSAGES, type PrivacyService } from './privacy.service.ts';

/** Password checks per IP per minute on the erasure route (a stolen session must not guess the password). */
const ERASURE_RATE_LIMIT = { max: 10, timeWindow: 60_000 };

/** KVKK: the investor's export and erasure, and the compliance page's register (read like the other tabs). */
export function privacyRoutes(privacy: PrivacyService, auth: CustomerAuthenticator) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const guard = customerGuard(auth);

    app.post(
      '/api/privacy/export',
      {
        preHandler: guard,
        schema: {
          tags: ['privacy'],
          summary:
            'Verilerimi indir: everything stored about the investor as one JSON file (recorded as a KVKK access request)',
          // The file, serialised here (indented for people to read).
          response: { 200: z.string(), ...errorResponses },
        },
      },
      async (request, reply) => {
        const { fileName, body } = await privacy.exportData(currentCustomer(request).user);
        return reply
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(body, null, 2));
      },
    );

    app.post(
      '/api/privacy/erasure',
      {
        preHandler: guard,
        config: { rateLimit: ERASURE_RATE_LIMIT },
        schema: {
          tags: ['privacy'],
          summary:
            'Hesabımı sil: with the password, records a KVKK erasure request and erases the account at once',
          body: kvkkErasureRequestSchema,
          response: { 200: kvkkErasureResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { reference, retained } = await privacy.erase(
          currentCustomer(request).user,
          request.body.password,
        );
        return { success: true as const, message: PRIVACY_MESSAGES.erased, reference, retained };
      },
    );

    app.get(
      '/admin/api/compliance/kvkk-requests',
      {
        config: { adminAccess: adminAccess.anyOf(...COMPLIANCE_ACCESS.read) },
        schema: {
          tags: ['admin: compliance'],
          summary:
            'KVKK requests (access, erasure) with their 30-day deadlines; erased subjects by reference only',
          querystring: kvkkRequestsQuerySchema,
          response: { 200: kvkkRequestListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await privacy.requests(request.query.type) }),
    );
  };
}
