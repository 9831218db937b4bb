import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, referenceSeriesStatusResponseSchema } from '@bist/contracts';
import { adminAccess } from '@/plugins/admin-access';
import type { ReferenceSeriesService } from './reference-series.service.ts';

/** GET /admin/api/reference-series: each reference series' source, last value and freshness (every staff member). */
export function referenceSeriesRoutes(series: ReferenceSeriesService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/admin/api/reference-series',
      {
        config: { adminAccess: adminAccess.authenticated },
        schema: {
          tags: ['admin'],
          summary:
            'Reference series (TÜFE, USD/TRY, EUR/TRY, gram gold, deposit rate): source, last value, freshness',
          response: { 200: referenceSeriesStatusResponseSchema, ...errorResponses },
        },
      },
      async () => ({ success: true as const, data: { series: await series.status() } }),
    );
  };
}
