import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, healthResponseSchema, platformStatsSchema } from '@bist/contracts';
import type { SystemService } from './system.service.ts';

export function systemRoutes(system: SystemService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Status, version, uptime and database reachability',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (_request, reply) => {
        const health = await system.health();
        return reply
          .status(health.database.reachable ? 200 : 503)
          .send({ success: true as const, ...health });
      },
    );

    app.get(
      '/api/platform/stats',
      {
        schema: {
          tags: ['system'],
          summary: "The landing page's live figures",
          response: { 200: platformStatsSchema, ...errorResponses },
        },
      },
      async () => ({ success: true as const, data: await system.platformStats() }),
    );
  };
}
