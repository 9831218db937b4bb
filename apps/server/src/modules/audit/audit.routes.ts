import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogResponseSchema, auditQuerySchema, errorResponses } from '@bist/contracts';
import { adminAccess } from '@/plugins/admin-access';
import type { AuditService } from './audit.service.ts';

/** GET /admin/api/audit-log: read-only. No route edits or deletes the audit log. */
export function auditRoutes(audit: AuditService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/admin/api/audit-log',
      {
        config: { adminAccess: adminAccess.permission('all') },
        schema: {
          tags: ['admin'],
          summary: 'The audit log, newest first (filters: event type, action, user, date range; paging)',
          querystring: auditQuerySchema,
          response: { 200: auditLogResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { entries, total } = await audit.list(request.query);
        return {
          success: true as const,
          entries,
          total,
          page: request.query.page,
          limit: request.query.limit,
        };
      },
    );
  };
}
