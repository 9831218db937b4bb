import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  mlRunListQuerySchema,
  mlRunListResponseSchema,
  mlRunParamsSchema,
  mlRunRequestSchema,
  mlRunResponseSchema,
} from '@bist/contracts';
import { adminAccess, adminActorOf, requestMeta } from '@/plugins/admin-access';
import type { MlRunsService, StaffAction } from './runs.service.ts';
import { mlRunOf } from './shapes.ts';

const staffOf = (request: FastifyRequest): StaffAction => ({
  actor: adminActorOf(request),
  meta: requestMeta(request),
});

/**
 * Staff API of ML runs. Any staff member may watch them; starting, cancelling and retrying one changes what investors
 * are shown, so it needs ai_management (held through `all`).
 */
export function mlRunsRoutes(runs: MlRunsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const act = adminAccess.permission('ai_management');

    app.get(
      '/admin/api/ml/runs',
      {
        config: { adminAccess: adminAccess.authenticated },
        schema: {
          tags: ['admin: ML runs'],
          summary: 'The newest train / predict / evaluate runs first',
          querystring: mlRunListQuerySchema,
          response: { 200: mlRunListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: { runs: (await runs.list(request.query.limit)).map((r) => mlRunOf(r)) },
      }),
    );

    app.get(
      '/admin/api/ml/runs/:id',
      {
        config: { adminAccess: adminAccess.authenticated },
        schema: {
          tags: ['admin: ML runs'],
          summary: "A run's state, progress (0–1), message and error",
          params: mlRunParamsSchema,
          response: { 200: mlRunResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: mlRunOf(await runs.run(request.params.id)) }),
    );

    app.post(
      '/admin/api/ml/runs',
      {
        config: { adminAccess: act },
        schema: {
          tags: ['admin: ML runs'],
          summary: 'Queue a run (202); audited',
          body: mlRunRequestSchema,
          response: { 202: mlRunResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const staff = staffOf(request);
        const run = await runs.request(request.body.kind, {
          requestedBy: staff.actor.id ?? staff.actor.email,
          algorithmIds: request.body.algorithm_ids ?? null,
          // A staff training ends with its models' predictions served (train → predict → evaluate).
          chain: request.body.kind === 'train',
          staff,
        });
        return reply.status(202).send({ success: true as const, data: mlRunOf(run) });
      },
    );

    app.post(
      '/admin/api/ml/runs/:id/cancel',
      {
        config: { adminAccess: act },
        schema: {
          tags: ['admin: ML runs'],
          summary: 'Cancel a queued or running run (409 once it has finished)',
          params: mlRunParamsSchema,
          response: { 200: mlRunResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: mlRunOf(await runs.cancel(request.params.id, staffOf(request))),
      }),
    );

    app.post(
      '/admin/api/ml/runs/:id/retry',
      {
        config: { adminAccess: act },
        schema: {
          tags: ['admin: ML runs'],
          summary: 'Queue a new run like a failed or cancelled one (409 otherwise)',
          params: mlRunParamsSchema,
          response: { 202: mlRunResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const run = await runs.retry(request.params.id, staffOf(request));
        return reply.status(202).send({ success: true as const, data: mlRunOf(run) });
      },
    );
  };
}
