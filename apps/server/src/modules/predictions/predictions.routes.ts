import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  algorithmListQuerySchema,
  algorithmListSchema,
  dailySummaryQuerySchema,
  dailySummarySchema,
  errorResponses,
  stockPredictionsSchema,
  symbolParamsSchema,
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
            "Latest predictions: 24-hour count, average accuracy beside the market direction, the production models' top predictions above the liquidity floor and the 7-day accuracy (walk-forward until live predictions mature)",
          querystring: dailySummaryQuerySchema,
          response: { 200: dailySummarySchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await service.dailySummary(request.query) }),
    );

    app.get(
      '/api/predictions/stocks/:symbol',
      {
        schema: {
          tags: ['predictions'],
          summary:
            "The production models' latest predictions for one stock, with their accuracy beside the market direction",
          params: symbolParamsSchema,
          response: { 200: stockPredictionsSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.stockPredictions(request.params.symbol),
      }),
    );

    app.get(
      '/api/ml-algorithms/list',
      {
        schema: {
          tags: ['predictions'],
          summary:
            'Algorithms ordered by edge-adjusted Rank IC, with accuracy (directional hit rate) beside the market direction, edge and day-clustered intervals',
          querystring: algorithmListQuerySchema,
          response: { 200: algorithmListSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await service.algorithmList(request.query) }),
    );
  };
}
