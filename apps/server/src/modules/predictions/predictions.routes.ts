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
import { EncodedBodyCache, sendEncoded } from '@/lib/encoded-body';
import type { PredictionsService } from './predictions.service.ts';

/** Distinct daily-summary queries kept encoded (horizon × limit: the dashboard and the predictions page ask two). */
const DAILY_SUMMARY_BODIES_MAX = 64;
/** Stocks whose predictions are kept encoded (the universe is ≈ 600 stocks; an unknown symbol is refused first). */
const STOCK_BODIES_MAX = 1_000;
/** Distinct algorithm-list queries kept encoded (horizon × page × limit). */
const ALGORITHM_LIST_BODIES_MAX = 64;

/**
 * Customer predictions API. Public like the market data (no session): predictions are computed from public prices for
 * every visitor alike and hold nothing personal; the customer session gates only personal data (portfolio, watchlist).
 */
export function predictionsRoutes(service: PredictionsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    // Answers that change only when a run ends, staff change a flag or a champion (and, for the summary, the quotes):
    // encoded once per version and sent as the same bytes until it moves.
    const summaryBodies = new EncodedBodyCache(dailySummarySchema, DAILY_SUMMARY_BODIES_MAX);
    const algorithmListBodies = new EncodedBodyCache(algorithmListSchema, ALGORITHM_LIST_BODIES_MAX);
    const stockBodies = new EncodedBodyCache(stockPredictionsSchema, STOCK_BODIES_MAX);

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
      async (request, reply) => {
        const { horizon, limit } = request.query;
        const summary = await service.dailySummary(request.query);
        return sendEncoded(
          request,
          reply,
          summaryBodies.get(`${horizon ?? ''}|${limit}`, summary.version, () => ({ data: summary.value() })),
        );
      },
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
      async (request, reply) => {
        const { symbol } = request.params;
        const predictions = await service.stockPredictions(symbol);
        return sendEncoded(
          request,
          reply,
          stockBodies.get(symbol, predictions.version, () => ({ data: predictions.value() })),
        );
      },
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
      async (request, reply) => {
        const { horizon, page, limit } = request.query;
        const list = await service.algorithmList(request.query);
        return sendEncoded(
          request,
          reply,
          algorithmListBodies.get(`${horizon ?? ''}|${page}|${limit}`, list.version, () => ({
            data: list.value(),
          })),
        );
      },
    );
  };
}
