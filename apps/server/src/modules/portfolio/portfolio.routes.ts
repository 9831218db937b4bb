import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_PERFORMANCE_RANGE,
  PERFORMANCE_RANGES,
  csvImportRequestSchema,
  csvImportResponseSchema,
  csvPreviewResponseSchema,
  errorResponses,
  okEnvelopeSchema,
  overviewQuerySchema,
  portfolioDemoResponseSchema,
  portfolioOverviewResponseSchema,
  portfolioSettingsResponseSchema,
  portfolioSettingsSchema,
  splitOfferAcceptSchema,
  splitOfferDismissResponseSchema,
  splitOffersResponseSchema,
  transactionIdParamsSchema,
  transactionInputSchema,
  transactionListQuerySchema,
  transactionListResponseSchema,
  transactionResponseSchema,
} from '@bist/contracts';
import { EncodedBodyCache, sendEncoded } from '@/lib/encoded-body';
import { currentCustomer, customerGuard, type CustomerAuthenticator } from '@/plugins/customer-auth';
import { LEDGER_CACHE_MAX_INVESTORS } from './ledger-cache.ts';
import { encodeCsvPreviewAnswer } from './portfolio-csv-import.ts';
import type { PortfolioService } from './portfolio.service.ts';

const tags = ['portfolio'];

/**
 * CSV checks and imports per investor: 20 a minute each (after the session check, keyed by the investor), so one
 * account cannot keep the server parsing files.
 */
const CSV_RATE_LIMIT = {
  max: 20,
  timeWindow: 60_000,
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `csv:${currentCustomer(request).user.id}`,
};

export function portfolioRoutes(portfolio: PortfolioService, auth: CustomerAuthenticator) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    // onRequest, not preHandler: without a session the answer is 401 before any body validation.
    const onRequest = customerGuard(auth);
    const userId = (request: Parameters<typeof currentCustomer>[0]) => currentCustomer(request).user.id;
    // One encoded overview per investor and range, as many as the investors whose ledgers are kept in memory.
    const overviewBodies = new EncodedBodyCache(
      portfolioOverviewResponseSchema,
      LEDGER_CACHE_MAX_INVESTORS * PERFORMANCE_RANGES.length,
    );

    app.get(
      '/api/portfolio/overview',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Portfolio overview: summary cards, holdings at live prices, daily performance vs XU100',
          querystring: overviewQuerySchema,
          response: { 200: portfolioOverviewResponseSchema, ...errorResponses },
        },
      },
      // Encoded once per version of the overview (ledger, quotes, day), then sent as the same bytes.
      async (request, reply) => {
        const investor = userId(request);
        const range = request.query.range ?? DEFAULT_PERFORMANCE_RANGE;
        const overview = await portfolio.overview(investor, range);
        const body = await overviewBodies.getAsync(`${investor}|${range}`, overview.version, async () => ({
          data: await overview.value(),
        }));
        return sendEncoded(request, reply, body);
      },
    );

    app.get(
      '/api/portfolio/transactions',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'One page of the ledger, newest first, with cash effect and realised P/L per transaction ' +
            "(limit, cursor = the previous page's next_cursor; total counts the whole ledger)",
          querystring: transactionListQuerySchema,
          response: { 200: transactionListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await portfolio.listTransactions(userId(request), request.query),
      }),
    );

    app.post(
      '/api/portfolio/transactions',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'Record a transaction (409 when shares do not suffice at that date, or on cash_rule when a buy exceeds ' +
            'the cash and no cash rule was chosen)',
          body: transactionInputSchema,
          response: { 201: transactionResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const transaction = await portfolio.createTransaction(userId(request), request.body);
        return reply.status(201).send({ success: true as const, data: { transaction } });
      },
    );

    app.get(
      '/api/portfolio/split-offers',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'Splits the market data provider reported for stocks held the day before them, not yet in the ledger, ' +
            'with the extra shares each gives',
          response: { 200: splitOffersResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: { offers: await portfolio.splitOffers(userId(request)) },
      }),
    );

    app.post(
      '/api/portfolio/split-offers/accept',
      {
        onRequest,
        schema: {
          tags,
          summary:
            "Record an offered split as a 'split' transaction of its extra shares, or a reverse split as a " +
            "'reverse_split' of the shares it takes away (404: no such offer)",
          body: splitOfferAcceptSchema,
          response: { 201: transactionResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { symbol, date } = request.body;
        const transaction = await portfolio.acceptSplitOffer(userId(request), symbol, date);
        return reply.status(201).send({ success: true as const, data: { transaction } });
      },
    );

    app.post(
      '/api/portfolio/split-offers/dismiss',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'Decline an offered split or reverse split: the ledger is unchanged and the offer of that stock, date ' +
            'and ratio is not made again (404: no such offer)',
          body: splitOfferAcceptSchema,
          response: { 200: splitOfferDismissResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { symbol, date } = request.body;
        const dismissed = await portfolio.dismissSplitOffer(userId(request), symbol, date);
        return { success: true as const, data: { dismissed } };
      },
    );

    app.put(
      '/api/portfolio/transactions/:id',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'Replace a transaction; everything after it is re-validated (409, nothing saved, when it breaks)',
          params: transactionIdParamsSchema,
          body: transactionInputSchema,
          response: { 200: transactionResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: {
          transaction: await portfolio.updateTransaction(userId(request), request.params.id, request.body),
        },
      }),
    );

    app.delete(
      '/api/portfolio/transactions/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Delete a transaction; 409 when a later transaction would become impossible',
          params: transactionIdParamsSchema,
          response: { 200: okEnvelopeSchema, ...errorResponses },
        },
      },
      async (request) => {
        await portfolio.deleteTransaction(userId(request), request.params.id);
        return { success: true as const, message: 'İşlem silindi' };
      },
    );

    app.post(
      '/api/portfolio/transactions/import/preview',
      {
        onRequest,
        config: { rateLimit: CSV_RATE_LIMIT },
        schema: {
          tags,
          summary: 'Check a CSV: every row with its line and the reason it is bad; nothing is saved',
          body: csvImportRequestSchema,
          response: { 200: csvPreviewResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const preview = await portfolio.previewImport(
          userId(request),
          request.body.csv,
          request.body.replace ?? false,
        );
        // Up to 5,000 rows: encoded in turns (checked against the 200 schema as the serializer would), sent as bytes.
        const bytes = await encodeCsvPreviewAnswer(preview);
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(bytes);
      },
    );

    app.post(
      '/api/portfolio/transactions/import',
      {
        onRequest,
        config: { rateLimit: CSV_RATE_LIMIT },
        schema: {
          tags,
          summary:
            'Import a CSV all-or-nothing (400 with the bad lines, 409 when the resulting ledger is impossible, ' +
            '429 past the transactions an investor may import per day)',
          body: csvImportRequestSchema,
          response: { 200: csvImportResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await portfolio.importCsv(userId(request), request.body.csv, request.body.replace ?? false),
      }),
    );

    app.get(
      '/api/portfolio/transactions/export',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The ledger as CSV (text/csv) in the import layout',
          produces: ['text/csv'],
          response: { 200: z.string(), ...errorResponses },
        },
      },
      async (request, reply) => {
        const { csv, fileName } = await portfolio.exportCsv(userId(request));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(csv);
      },
    );

    app.post(
      '/api/portfolio/demo',
      {
        onRequest,
        schema: {
          tags,
          summary:
            "'Demo portföy yükle': a labelled demo ledger into an empty portfolio (409 when not empty)",
          response: { 201: portfolioDemoResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const count = await portfolio.loadDemo(userId(request));
        return reply.status(201).send({ success: true as const, data: { count } });
      },
    );

    app.delete(
      '/api/portfolio/demo',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Remove every demo transaction in one step',
          response: { 200: portfolioDemoResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: { count: await portfolio.removeDemo(userId(request)) },
      }),
    );

    app.put(
      '/api/portfolio/settings',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The cash rule: allow cash below zero, or not (409 while the ledger needs it)',
          body: portfolioSettingsSchema,
          response: { 200: portfolioSettingsResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await portfolio.setAllowNegativeCash(userId(request), request.body.allow_negative_cash),
      }),
    );
  };
}
