import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, marketSourceSchema } from '@bist/contracts';
import { EncodedBodyCache, sendEncoded } from '@/lib/encoded-body';
import type { MarketSourceService } from './market-source.service.ts';

/** GET /api/market/source (public, like every market route): where the figures on screen come from. */
export function marketSourceRoutes(source: MarketSourceService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    // Encoded once per version (quotes, feed, history, refresh interval), like the other market answers.
    const bodies = new EncodedBodyCache(marketSourceSchema, 1);
    app.get(
      '/api/market/source',
      {
        schema: {
          tags: ['market'],
          summary:
            'The live feed and its delay, the stored history and what the models learned from, and the computed indices',
          response: { 200: marketSourceSchema, ...errorResponses },
        },
      },
      async (request, reply) =>
        sendEncoded(
          request,
          reply,
          await bodies.getAsync('source', source.version(), async () => ({ data: await source.source() })),
        ),
    );
  };
}
