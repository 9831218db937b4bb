import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  watchlistAddRequestSchema,
  watchlistAddResponseSchema,
  watchlistRemoveResponseSchema,
  watchlistResponseSchema,
  watchlistSymbolParamsSchema,
} from '@bist/contracts';
import { currentCustomer, customerGuard, type CustomerAuthenticator } from '@/plugins/customer-auth';
import type { WatchlistService } from './watchlist.service.ts';

const tags = ['watchlist'];

export function watchlistRoutes(watchlist: WatchlistService, auth: CustomerAuthenticator) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    // onRequest, not preHandler: without a session the answer is 401 before any body validation.
    const onRequest = customerGuard(auth);

    app.get(
      '/api/watchlist',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The watchlist with live prices (spec §7: data.watchlist)',
          response: { 200: watchlistResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: { watchlist: await watchlist.list(currentCustomer(request).user.id) },
      }),
    );

    app.post(
      '/api/watchlist',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Add a symbol (201 when added, 200 when already listed)',
          body: watchlistAddRequestSchema,
          response: { 200: watchlistAddResponseSchema, 201: watchlistAddResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const result = await watchlist.add(currentCustomer(request).user.id, request.body.symbol);
        return reply.status(result.created ? 201 : 200).send({ success: true as const, data: result });
      },
    );

    app.delete(
      '/api/watchlist/:symbol',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Remove a symbol (idempotent: 200 with removed=false when it was not listed)',
          params: watchlistSymbolParamsSchema,
          response: { 200: watchlistRemoveResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: { removed: await watchlist.remove(currentCustomer(request).user.id, request.params.symbol) },
      }),
    );
  };
}
