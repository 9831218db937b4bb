import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BI_ANY_ACCESS,
  BI_EXPORT_PART,
  BI_MRR_ROWS_EXPORT_ACCESS,
  BI_PART_ACCESS,
  BI_PERSONAL_EXPORT_ACCESS,
  biPartsFor,
  meetsRequirement,
  EVENT_BODY_MAX_BYTES,
  biExportQuerySchema,
  biMrrDrilldownQuerySchema,
  biMrrDrilldownResponseSchema,
  biSignupDrilldownResponseSchema,
  changePlanRequestSchema,
  idempotencyKeyHeadersSchema,
  paymentHistoryResponseSchema,
  subscriptionResponseSchema,
  biOverviewResponseSchema,
  biPerformanceResponseSchema,
  biQuerySchema,
  biRealtimeResponseSchema,
  biRevenueResponseSchema,
  biUsersResponseSchema,
  errorResponses,
  eventBatchResponseSchema,
  eventBatchSchema,
} from '@bist/contracts';
import { bearerToken } from '@/lib/tokens';
import { ForbiddenError } from '@/lib/errors';
import {
  adminActorOf,
  currentAdmin,
  describeAccess,
  requestMeta,
  type AdminRouteAccess,
} from '@/plugins/admin-access';
import { currentCustomer, customerGuard, type CustomerAuthenticator } from '@/plugins/customer-auth';
import type { BiCapture } from './bi-capture.ts';
import type { BiDrilldowns } from './bi-drilldowns.ts';
import type { BiExports } from './bi-exports.ts';
import type { BiFigures } from './bi-figures.ts';
import type { Subscription, SubscriptionService } from './subscriptions.ts';

const tags = ['business-intelligence'];
/**
 * Who reads what (decision 0058): business_metrics everything; each part also the permissions naming its data; the
 * overview, the real-time strip and the metric export anyone with a part, answered with that caller's parts only.
 */
const access = (adminAccess: AdminRouteAccess) => ({ adminAccess });
const anyPart = access(BI_ANY_ACCESS);
const revenuePart = access(BI_PART_ACCESS.revenue);
const usersPart = access(BI_PART_ACCESS.users);
const performancePart = access(BI_PART_ACCESS.performance);
const partsOf = (request: FastifyRequest) => biPartsFor(currentAdmin(request).user.permissions);
/** Event batches per client address and minute (a tab sends one every few seconds at most). */
const INGEST_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

/** The BI jobs the routes answer with, one per job. */
export interface BiJobs {
  capture: Pick<BiCapture, 'ingest'>;
  figures: BiFigures;
  drilldowns: BiDrilldowns;
  exports: BiExports;
}

export function biRoutes(bi: BiJobs, subscriptions: SubscriptionService, auth: CustomerAuthenticator) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/admin/api/bi/metrics/overview',
      {
        config: anyPart,
        schema: {
          tags,
          summary:
            "Key metrics with period-over-period change, revenue trend, user growth — of the caller's BI parts only",
          querystring: biQuerySchema,
          response: { 200: biOverviewResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await bi.figures.overview(request.query, partsOf(request)),
      }),
    );
    app.get(
      '/admin/api/bi/revenue/dashboard',
      {
        config: revenuePart,
        schema: {
          tags,
          summary: 'Revenue (TRY): trend, by plan, projection, MRR with movements, ARPU, GRR and NRR',
          querystring: biQuerySchema,
          response: { 200: biRevenueResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await bi.figures.revenue(request.query) }),
    );
    app.get(
      '/admin/api/bi/users/analytics',
      {
        config: usersPart,
        schema: {
          tags,
          summary: 'Top 5 events and pages, engagement, DAU/WAU/MAU, user growth, monthly cohorts',
          querystring: biQuerySchema,
          response: { 200: biUsersResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await bi.figures.users(request.query) }),
    );
    app.get(
      '/admin/api/bi/performance/dashboard',
      {
        config: performancePart,
        schema: {
          tags,
          summary: 'Top 5 endpoints by requests with p50/p95/p99 and error rate; API health totals',
          querystring: biQuerySchema,
          response: { 200: biPerformanceResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await bi.figures.performance(request.query) }),
    );
    app.get(
      '/admin/api/bi/realtime/metrics',
      {
        config: anyPart,
        schema: {
          tags,
          summary:
            'The last 5 minutes: active users, API calls per minute, response time, error rate; revenue today',
          response: { 200: biRealtimeResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await bi.figures.realtime(partsOf(request)) }),
    );
    app.get(
      '/admin/api/bi/export/metrics',
      {
        config: anyPart,
        schema: {
          tags,
          summary:
            "One metric family as CSV (UTF-8 with BOM, CRLF), named <type>_<from>_<to>.csv; the type's BI part is required",
          querystring: biExportQuerySchema,
          response: { 200: z.string(), ...errorResponses },
        },
      },
      async (request, reply) => {
        const { type, from, to, source } = request.query;
        const needed = BI_PART_ACCESS[BI_EXPORT_PART[type]];
        if (!meetsRequirement(currentAdmin(request).user.permissions, needed))
          throw new ForbiddenError(
            `You don't have permission to export ${type} (requires ${describeAccess(needed)})`,
          );
        return sendCsv(
          reply,
          await bi.exports.exportCsv(
            type,
            from,
            to,
            { actor: adminActorOf(request), meta: requestMeta(request) },
            source,
          ),
        );
      },
    );

    // Drill-down: the rows behind a figure, and the same rows as CSV.
    app.get(
      '/admin/api/bi/drilldown/signups',
      {
        config: usersPart,
        schema: {
          tags,
          summary: "The sign-ups behind 'New Sign-ups' (period or from/to; one day: from = to)",
          querystring: biQuerySchema,
          response: { 200: biSignupDrilldownResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await bi.drilldowns.signupDrilldown(request.query),
      }),
    );
    app.get(
      '/admin/api/bi/drilldown/signups/export',
      {
        config: access(BI_PERSONAL_EXPORT_ACCESS),
        schema: {
          tags,
          summary: 'The sign-ups drill-down as CSV (personal rows: full BI access only)',
          querystring: biQuerySchema,
          response: { 200: z.string(), ...errorResponses },
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          await bi.exports.drilldownCsv(
            { kind: 'signups', query: request.query },
            { actor: adminActorOf(request), meta: requestMeta(request) },
          ),
        ),
    );
    app.get(
      '/admin/api/bi/drilldown/mrr',
      {
        config: revenuePart,
        schema: {
          tags,
          summary: "The investors behind a month's MRR movements: start and end MRR, movement",
          querystring: biMrrDrilldownQuerySchema,
          response: { 200: biMrrDrilldownResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await bi.drilldowns.mrrDrilldown(request.query.month, request.query.source),
      }),
    );
    app.get(
      '/admin/api/bi/drilldown/mrr/export',
      {
        config: access(BI_MRR_ROWS_EXPORT_ACCESS),
        schema: {
          tags,
          summary: 'The MRR movements drill-down as CSV (per-investor rows: full BI access or financial)',
          querystring: biMrrDrilldownQuerySchema,
          response: { 200: z.string(), ...errorResponses },
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          await bi.exports.drilldownCsv(
            { kind: 'mrr', month: request.query.month, source: request.query.source },
            { actor: adminActorOf(request), meta: requestMeta(request) },
          ),
        ),
    );

    // Investor and anonymous: product events from the web app (sendBeacon or fetch keepalive).
    app.post(
      '/api/analytics/events',
      {
        bodyLimit: EVENT_BODY_MAX_BYTES,
        config: { rateLimit: INGEST_RATE_LIMIT },
        schema: {
          tags,
          summary: 'Ingest a batch of product events (no IP or user agent is stored: salted daily hashes)',
          body: eventBatchSchema,
          response: { 202: eventBatchResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const accepted = await bi.capture.ingest(request.body, {
          userId: await optionalInvestor(auth, request),
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        });
        return reply.status(202).send({ success: true as const, accepted });
      },
    );

    const onRequest = customerGuard(auth);
    app.get(
      '/api/subscription',
      {
        onRequest,
        schema: {
          tags,
          summary: "The investor's plan",
          response: { 200: subscriptionResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: serialise(await subscriptions.subscription(currentCustomer(request).user.id)),
      }),
    );
    app.put(
      '/api/subscription',
      {
        onRequest,
        schema: {
          tags,
          summary:
            "Change the investor's plan (charged through the payment provider; demo provider in demo mode): one change is one charge, the current plan is answered without one, an Idempotency-Key replays its first answer",
          headers: idempotencyKeyHeadersSchema,
          body: changePlanRequestSchema,
          response: { 200: subscriptionResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: serialise(
          await subscriptions.changePlan(
            currentCustomer(request).user.id,
            request.body.plan,
            request.body.interval,
            request.headers['idempotency-key'],
          ),
        ),
      }),
    );
    app.get(
      '/api/subscription/payments',
      {
        onRequest,
        schema: {
          tags,
          summary: "The investor's payment history, newest first (TRY; refunds negative)",
          response: { 200: paymentHistoryResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await subscriptions.paymentHistory(currentCustomer(request).user.id),
      }),
    );
  };
}

function serialise(s: Subscription) {
  return {
    plan: s.plan,
    interval: s.interval,
    since: s.since?.toISOString() ?? null,
    renews_at: s.renewsAt?.toISOString() ?? null,
    provider: s.provider,
  };
}

function sendCsv(reply: FastifyReply, file: { filename: string; csv: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.csv);
}

/** The signed-in investor behind the request, or null (anonymous, or a token that no longer works). */
async function optionalInvestor(
  auth: CustomerAuthenticator,
  request: FastifyRequest,
): Promise<string | null> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  try {
    return (await auth.authenticate(token)).user.id;
  } catch {
    return null;
  }
}
