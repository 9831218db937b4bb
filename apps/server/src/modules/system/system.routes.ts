import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, healthResponseSchema, platformStatsSchema } from '@bist/contracts';
import type { AppContext } from '@/context';
import type { SystemService } from './system.service.ts';

export function systemRoutes(ctx: AppContext, system: SystemService, apiEndpointCount: () => number) {
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
        const latencyMs = await system.databaseLatencyMs();
        const reachable = latencyMs !== null;
        return reply.status(reachable ? 200 : 503).send({
          success: true as const,
          status: reachable ? ('ok' as const) : ('degraded' as const),
          version: ctx.config.version,
          uptimeSeconds: system.uptimeSeconds(),
          database: { reachable, kind: ctx.database.kind, latencyMs },
          demoMode: ctx.config.demoMode,
          timestamp: ctx.clock.now().toISOString(),
        });
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
      async () => {
        const universe = ctx.stats.universe();
        return {
          success: true as const,
          data: {
            stocks: universe?.stocks ?? null,
            indices: universe?.indices ?? null,
            apiEndpoints: apiEndpointCount(),
            uptimePercent: await system.uptimePercent(),
            uptimeSeconds: system.uptimeSeconds(),
            algorithms: await ctx.stats.algorithms(),
          },
        };
      },
    );
  };
}
