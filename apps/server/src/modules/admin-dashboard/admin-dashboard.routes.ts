import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDashboardStatsResponseSchema, errorResponses } from '@bist/contracts';
import { adminAccess, currentAdmin } from '@/plugins/admin-access';
import type { AdminDashboardService } from './admin-dashboard.service.ts';

/** GET /admin/api/dashboard/stats: every signed-in staff member sees the dashboard. */
export function adminDashboardRoutes(dashboard: AdminDashboardService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/admin/api/dashboard/stats',
      {
        config: { adminAccess: adminAccess.authenticated },
        schema: {
          tags: ['admin'],
          summary: 'Staff, sessions, recent logins, system status, role distribution and recent activity',
          response: { 200: adminDashboardStatsResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        stats: await dashboard.stats(currentAdmin(request).user.permissions),
      }),
    );
  };
}
