import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  algorithmListQuerySchema,
  algorithmListSchema,
  dailySummaryQuerySchema,
  dailySummarySchema,
  errorResponses,
} from '@bist/contracts';
import type { PredictionsService } from './predictions.service.ts';

/**
 * Customer predictions API. Public like the market data (no session): predictions are computed from public prices for
 * every visitor alike and hold nothing personal; the customer session gates only personal data (portfolio, watchlist).
 */
export function predictionsRoutes(service: PredictionsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/predictions/daily-summary',
      {
        schema: {
          tags: ['predictions'],
          summary:
            'Latest predictions: 24-hour count, average accuracy, top predictions and the 7-day realised accuracy',
          querystring: dailySummaryQuerySchema,
          response: { 200: dailySummarySchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await service.dailySummary(request.query) }),
    );

    app.get(
      '/api/ml-algorithms/list',
      {
        schema: {
          tags: ['predictions'],
          summary:
            'Algorithms with accuracy (directional hit rate) and counts from walk-forward or realised evaluations',
          querystring: algorithmListQuerySchema,
          response: { 200: algorithmListSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await service.algorithmList(request.query) }),
    );
  };
}
