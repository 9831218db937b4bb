import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  historyQuerySchema,
  historySchema,
  indexDataSchema,
  indexListSchema,
  indexMembersSchema,
  indexParamsSchema,
  liveDataQuerySchema,
  liveDataSchema,
  marketSummarySchema,
  sectorsSchema,
  stockListQuerySchema,
  stockListSchema,
  stockProfileSchema,
  symbolParamsSchema,
  type HistoryRange,
} from '@bist/contracts';
import { EncodedBodyCache, sendEncoded, sendEncodedHot } from '@/lib/encoded-body';
import { TooManyRequestsError } from '@/lib/errors';
import type { MarketEngine } from '@/market/engine';
import type { Quote } from '@/market/market-data';
import type { MarketService } from './market.service.ts';
import {
  DEFAULT_QUOTE_STREAM_LIMITS,
  QuoteStream,
  STREAM_HEADERS,
  symbolFilterOf,
  type QuoteStreamLimits,
} from './quote-stream.ts';

const STREAM_MESSAGES = {
  tooMany: 'Canlı fiyat akışı şu anda dolu. Lütfen biraz sonra tekrar deneyin.',
  tooManyFromIp: 'Bu adresten çok fazla canlı fiyat akışı açık.',
} as const;
/** Distinct live-data limits kept encoded (a client asking every limit from 1 to 1,000 cannot hold 1,000 bodies). */
const LIVE_DATA_BODIES_MAX = 16;
/**
 * Distinct /api/stocks/list queries kept encoded: the screens of many investors ask the same few queries (first
 * page, a sector, a sort) between two ticks, while odd queries (every search prefix) cannot grow it without bound.
 */
const STOCK_LIST_BODIES_MAX = 500;
/**
 * Chart answers kept encoded (symbol × range × stock/index): every stock and index at its two most used ranges. A
 * request for an unknown symbol fails before anything is kept.
 */
const HISTORY_BODIES_MAX = 2_000;

/** Market data is public, read-only reference information: no session needed (decision noted in the README). */
export function marketRoutes(
  market: MarketService,
  engine: MarketEngine,
  streamLimits: QuoteStreamLimits = DEFAULT_QUOTE_STREAM_LIMITS,
) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    // Answers that only change with the quotes are encoded once per version of the quotes they show, then every
    // request in between is sent the same bytes (and the same compressed bytes).
    const summaryBodies = new EncodedBodyCache(marketSummarySchema, 1);
    const liveDataBodies = new EncodedBodyCache<typeof liveDataSchema, number>(
      liveDataSchema,
      LIVE_DATA_BODIES_MAX,
    );
    const stockListBodies = new EncodedBodyCache(stockListSchema, STOCK_LIST_BODIES_MAX);
    // Candles come from the database: one query per chart and version instead of one per request.
    const historyBodies = new EncodedBodyCache(historySchema, HISTORY_BODIES_MAX);
    // The hot path (decision 0051) compares these with the version an answer was made at.
    const viewVersion = () => market.viewVersion();
    const stockListVersion = () => market.stockListVersion();
    const sendHistory = async (
      request: FastifyRequest,
      reply: FastifyReply,
      id: string,
      range: HistoryRange,
      kind: 'stock' | 'index',
    ) =>
      sendEncoded(
        request,
        reply,
        await historyBodies.getAsync(`${kind}|${id}|${range}`, market.historyVersion(), async () => ({
          data: await market.history(id, range, kind),
        })),
      );

    app.get(
      '/api/market/summary',
      {
        schema: {
          tags: ['market'],
          summary: 'Market overview computed from the live quotes',
          response: { 200: marketSummarySchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const version = market.viewVersion();
        const body = summaryBodies.get('summary', version, () => ({ data: market.summary() }));
        return sendEncodedHot(request, reply, body, {
          route: '/api/market/summary',
          version,
          currentVersion: viewVersion,
        });
      },
    );

    app.get(
      '/api/market/live-data',
      {
        schema: {
          tags: ['market'],
          summary: 'Latest quote of every stock (or the `limit` most traded), most traded first',
          querystring: liveDataQuerySchema,
          response: { 200: liveDataSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { limit } = request.query;
        const version = market.viewVersion();
        const body = liveDataBodies.get(limit ?? 0, version, () => {
          const live = market.liveData(limit);
          return { data: live.quotes, freshness: live.freshness };
        });
        return sendEncodedHot(request, reply, body, {
          route: '/api/market/live-data',
          version,
          currentVersion: viewVersion,
        });
      },
    );

    const stream = new QuoteStream(
      streamLimits,
      (symbols) =>
        symbols
          ? [...symbols].map((s) => engine.quote(s)).filter((q): q is Quote => q !== undefined)
          : engine.stockQuotes(),
      () => engine.generation,
    );
    const unsubscribe = engine.onQuotes((quotes) => stream.publish(quotes));
    instance.addHook('onClose', async () => {
      unsubscribe();
      stream.close();
    });

    app.get(
      '/api/market/stream',
      {
        schema: {
          tags: ['market'],
          summary:
            'Server-Sent Events: `quotes` events with every quote update (symbol, price, changePercent, volume); `symbols` limits them (comma-separated)',
          hide: false,
        },
      },
      (request, reply) => {
        const refused = stream.refusal(request.ip);
        if (refused) {
          throw new TooManyRequestsError(
            refused === 'ip' ? STREAM_MESSAGES.tooManyFromIp : STREAM_MESSAGES.tooMany,
            5,
          );
        }
        if (request.method === 'HEAD') {
          void reply.headers(STREAM_HEADERS);
          return reply.send();
        }
        reply.hijack();
        stream.open(request.raw, reply.raw, request.ip, symbolFilterOf(request.query), request.id);
      },
    );

    app.get(
      '/api/stocks/list',
      {
        schema: {
          tags: ['stocks'],
          summary: 'Stocks with sector filter, Turkish-aware search, sorting and paging',
          querystring: stockListQuerySchema,
          response: { 200: stockListSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { query } = request;
        const key = JSON.stringify([
          query.page,
          query.limit,
          query.sector ?? null,
          query.search ?? null,
          query.sort_by,
          query.sort_order,
        ]);
        const version = market.stockListVersion();
        const body = await stockListBodies.getAsync(key, version, async () => ({
          data: await market.stockList(query),
        }));
        return sendEncodedHot(request, reply, body, {
          route: '/api/stocks/list',
          version,
          currentVersion: stockListVersion,
        });
      },
    );

    app.get(
      '/api/stocks/sectors',
      {
        schema: {
          tags: ['stocks'],
          summary: 'Sectors with their stock counts',
          response: { 200: sectorsSchema, ...errorResponses },
        },
      },
      async () => ({ success: true as const, data: { sectors: market.sectors() } }),
    );

    app.get(
      '/api/stocks/:symbol/profile',
      {
        schema: {
          tags: ['stocks'],
          summary: "A stock's live quote and key figures",
          params: symbolParamsSchema,
          response: { 200: stockProfileSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await market.profile(request.params.symbol) }),
    );

    app.get(
      '/api/stocks/:symbol/history',
      {
        schema: {
          tags: ['stocks'],
          summary: 'Candles for a chart range (1G, 1H, 1A, 3A, 1Y, 5Y)',
          params: symbolParamsSchema,
          querystring: historyQuerySchema,
          response: { 200: historySchema, ...errorResponses },
        },
      },
      async (request, reply) =>
        sendHistory(request, reply, request.params.symbol, request.query.range, 'stock'),
    );

    app.get(
      '/api/indices/list',
      {
        schema: {
          tags: ['indices'],
          summary: 'Every live index computed from its members',
          response: { 200: indexListSchema, ...errorResponses },
        },
      },
      async () => ({ success: true as const, data: { indices: market.indexList() } }),
    );

    app.get(
      '/api/indices/:id/data',
      {
        schema: {
          tags: ['indices'],
          summary: 'An index with its intraday series (15-minute points)',
          params: indexParamsSchema,
          response: { 200: indexDataSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await market.indexData(request.params.id) }),
    );

    app.get(
      '/api/indices/:id/members',
      {
        schema: {
          tags: ['indices'],
          summary: "An index's members with today's moves and their weights where known",
          params: indexParamsSchema,
          response: { 200: indexMembersSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: market.indexMembers(request.params.id) }),
    );

    app.get(
      '/api/indices/:id/history',
      {
        schema: {
          tags: ['indices'],
          summary: 'Candles of an index for a chart range',
          params: indexParamsSchema,
          querystring: historyQuerySchema,
          response: { 200: historySchema, ...errorResponses },
        },
      },
      async (request, reply) => sendHistory(request, reply, request.params.id, request.query.range, 'index'),
    );
  };
}
