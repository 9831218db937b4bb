import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  aiDashboardResponseSchema,
  aiGeneratePredictionsBodySchema,
  aiGeneratePredictionsResponseSchema,
  aiMarketAnalysisBodySchema,
  aiMarketAnalysisListResponseSchema,
  aiMarketAnalysisQuerySchema,
  aiMarketAnalysisResponseSchema,
  aiOptimizationListResponseSchema,
  aiOptimizeBodySchema,
  aiOptimizeResponseSchema,
  aiPredictionListResponseSchema,
  aiPredictionsQuerySchema,
  aiStockListResponseSchema,
  aiStocksQuerySchema,
  aiStocksUpdateResponseSchema,
  errorResponses,
} from '@bist/contracts';
import { adminAccess, adminActorOf, requestMeta } from '@/plugins/admin-access';
import type { StaffAction } from '@/modules/models/runs.service';
import type { AiAnalyticsSummary } from './ai-analytics-summary.ts';
import type { AiMarketAnalyses } from './ai-market-analyses.ts';
import type { AiPortfolio } from './ai-portfolio.ts';
import type { AiPredictions } from './ai-predictions.ts';
import type { AiStocks } from './ai-stocks.ts';

const TAGS = ['admin: AI analytics'];

const staffOf = (request: FastifyRequest): StaffAction => ({
  actor: adminActorOf(request),
  meta: requestMeta(request),
});

/**
 * The AI-Powered Analytics page's jobs (/admin/ai), one service each: predictions on demand, market analyses,
 * portfolio optimisation, the engine's stock data, and the summary cards. Every staff action is audited.
 */
export interface AiAnalytics {
  predictions: AiPredictions;
  analyses: AiMarketAnalyses;
  portfolio: AiPortfolio;
  stocks: AiStocks;
  summary: AiAnalyticsSummary;
}

/** AI-Powered Analytics (/admin/ai): every route needs ai_management (held through `all`, spec §6). */
export function aiAnalyticsRoutes(ai: AiAnalytics) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { adminAccess: adminAccess.permission('ai_management') };

    app.get(
      '/admin/api/ai/dashboard',
      {
        config,
        schema: {
          tags: TAGS,
          summary:
            'Totals and averages over stored predictions, analyses and optimisations; stocks with data',
          response: { 200: aiDashboardResponseSchema, ...errorResponses },
        },
      },
      async () => ({ success: true as const, data: await ai.summary.dashboard() }),
    );

    app.get(
      '/admin/api/ai/predictions',
      {
        config,
        schema: {
          tags: TAGS,
          summary: 'Predictions generated on demand in the last `days` days, newest first, with their scores',
          querystring: aiPredictionsQuerySchema,
          response: { 200: aiPredictionListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await ai.predictions.listPredictions(request.query.days),
      }),
    );

    app.post(
      '/admin/api/ai/predictions/generate',
      {
        config,
        schema: {
          tags: TAGS,
          summary:
            "The production model's latest predictions for the symbols ('THYAO' or 'THYAO.IS'), stored; audited",
          body: aiGeneratePredictionsBodySchema,
          response: { 200: aiGeneratePredictionsResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const horizon = request.body.horizon === '5d' ? 5 : 1;
        const r = await ai.predictions.generatePredictions(request.body.symbols, horizon, staffOf(request));
        return {
          success: true as const,
          predictions: r.predictions,
          missing_symbols: r.missing,
          model: r.model,
        };
      },
    );

    app.get(
      '/admin/api/ai/analysis/market',
      {
        config,
        schema: {
          tags: TAGS,
          summary: 'Market analyses of the last `hours` hours, newest first',
          querystring: aiMarketAnalysisQuerySchema,
          response: { 200: aiMarketAnalysisListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await ai.analyses.listAnalyses(request.query.hours),
      }),
    );

    app.post(
      '/admin/api/ai/analysis/market',
      {
        config,
        schema: {
          tags: TAGS,
          summary: 'A sector or momentum analysis from stored bars and the day’s quotes, stored; audited',
          body: aiMarketAnalysisBodySchema,
          response: { 200: aiMarketAnalysisResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        analysis: await ai.analyses.runAnalysis(request.body.type, staffOf(request)),
      }),
    );

    app.get(
      '/admin/api/ai/portfolio/optimizations',
      {
        config,
        schema: {
          tags: TAGS,
          summary: 'Stored portfolio optimisations, newest first',
          response: { 200: aiOptimizationListResponseSchema, ...errorResponses },
        },
      },
      async () => ({ success: true as const, data: await ai.portfolio.listOptimizations() }),
    );

    app.post(
      '/admin/api/ai/portfolio/optimize',
      {
        config,
        schema: {
          tags: TAGS,
          summary:
            'Long-only capped optimisation on one year of daily log returns (Ledoit–Wolf; Black–Litterman with the ' +
            "production model's views), frontier, risk contributions and a monthly backtest; stored; audited",
          body: aiOptimizeBodySchema,
          response: { 200: aiOptimizeResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await ai.portfolio.optimize(request.body, staffOf(request))),
      }),
    );

    app.get(
      '/admin/api/ai/stocks',
      {
        config,
        schema: {
          tags: TAGS,
          summary: "The market engine's quotes, sorted descending by `sort`; market cap in millions of TRY",
          querystring: aiStocksQuerySchema,
          response: { 200: aiStockListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: ai.stocks.stocks(request.query.limit, request.query.sort),
      }),
    );

    app.post(
      '/admin/api/ai/stocks/update',
      {
        config,
        schema: {
          tags: TAGS,
          summary: 'Forces a market feed refresh; reports stocks changed and the data age; audited',
          response: { 200: aiStocksUpdateResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await ai.stocks.updateStocks(staffOf(request)) }),
    );
  };
}
