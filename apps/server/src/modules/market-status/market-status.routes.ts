import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, marketStatusSchema } from '@bist/contracts';
import { marketStatusAt } from '@bist/market';
import type { Clock } from '@/lib/clock';

export function marketStatusRoutes(clock: Clock) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/market/status',
      {
        schema: {
          tags: ['market'],
          summary: 'Whether Borsa Istanbul is in continuous trading now, from the server calendar',
          response: { 200: marketStatusSchema, ...errorResponses },
        },
      },
      async () => ({ success: true as const, data: marketStatusAt(clock.now()) }),
    );
  };
}
