import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  actionReasonBodySchema,
  adminAlgorithmListResponseSchema,
  performanceOverviewResponseSchema,
  realtimeDashboardResponseSchema,
  systemPerformanceResponseSchema,
  algorithmParamsSchema,
  algorithmRunBodySchema,
  CHAMPION_RULE_TEXT,
  emergencyStopResultSchema,
  errorResponses,
  modelVersionListResponseSchema,
  mlRunResponseSchema,
  okEnvelopeSchema,
  optionalReasonBodySchema,
  promoteResultSchema,
  versionParamsSchema,
} from '@bist/contracts';
import { adminAccess, adminActorOf, requestMeta } from '@/plugins/admin-access';
import type { ModelRegistryService } from '@/modules/models/registry.service';
import type { StaffAction } from '@/modules/models/runs.service';
import { mlRunOf, modelVersionOf } from '@/modules/models/shapes';
import type { AiOperationsService } from './ai-operations.service.ts';

const staffOf = (request: FastifyRequest): StaffAction => ({
  actor: adminActorOf(request),
  meta: requestMeta(request),
});

const TAGS = ['admin: AI operations'];

/**
 * A POST sent without a body (the spec's enable and disable send none) is read as `{}`: the body schema then decides
 * (a reason is optional there; an emergency stop answers 400 naming `reason`, not 'expected object').
 */
const noBodyIsEmpty = async (request: FastifyRequest) => {
  request.body ??= {};
};

/**
 * The AI operations centre's API. Reading needs any staff session; every action changes what investors are shown
 * or stops the job system, so it needs ai_management (decision 0003: held through `all`, i.e. by super_admin).
 */
export function aiOperationsRoutes(ops: AiOperationsService, registry: ModelRegistryService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const read = { adminAccess: adminAccess.authenticated };
    const act = { adminAccess: adminAccess.permission('ai_management') };

    app.get(
      '/admin/api/ai/algorithms',
      {
        config: read,
        schema: {
          tags: TAGS,
          summary:
            'Every algorithm with its measured accuracy, R², Rank IC, health checks, drift and stop state',
          response: { 200: adminAlgorithmListResponseSchema, ...errorResponses },
        },
      },
      async () => ops.algorithmList(),
    );

    app.get(
      '/admin/api/ai/performance/overview',
      {
        config: read,
        schema: {
          tags: TAGS,
          summary: 'Performance table, system counts, open performance alerts and recent job activity',
          response: { 200: performanceOverviewResponseSchema, ...errorResponses },
        },
      },
      async () => ops.overview(),
    );

    app.get(
      '/admin/api/monitoring/system/performance',
      {
        config: read,
        schema: {
          tags: TAGS,
          summary:
            'Measured CPU and memory of the server process and the machine, event-loop p99, workers, jobs',
          response: { 200: systemPerformanceResponseSchema, ...errorResponses },
        },
      },
      async () => ({ success: true as const, system_stats: (await ops.systemStats()).stats }),
    );

    app.get(
      '/admin/api/monitoring/real-time/dashboard',
      {
        config: read,
        schema: {
          tags: TAGS,
          summary:
            'Resources with their recent history, running jobs with progress, and open performance alerts',
          response: { 200: realtimeDashboardResponseSchema, ...errorResponses },
        },
      },
      async () => ops.realtime(),
    );

    for (const kind of ['train', 'predict'] as const) {
      app.post(
        `/admin/api/ai/algorithms/:id/${kind}`,
        {
          config: act,
          schema: {
            tags: TAGS,
            summary: `Queue a ${kind} run of one algorithm (202); symbols are validated and recorded; audited`,
            params: algorithmParamsSchema,
            body: algorithmRunBodySchema,
            response: { 202: mlRunResponseSchema, ...errorResponses },
          },
        },
        async (request, reply) => {
          const run = await ops.run(kind, request.params.id, request.body, staffOf(request));
          return reply.status(202).send({ success: true as const, data: mlRunOf(run) });
        },
      );
    }

    for (const action of ['enable', 'disable'] as const) {
      app.post(
        `/admin/api/ai/algorithms/:id/${action}`,
        {
          config: act,
          preValidation: noBodyIsEmpty,
          schema: {
            tags: TAGS,
            summary:
              action === 'enable'
                ? 'Enable an algorithm (clears an emergency stop); audited'
                : 'Disable an algorithm: not trained, not served, off the investor pages at once; audited',
            params: algorithmParamsSchema,
            body: optionalReasonBodySchema,
            response: { 200: okEnvelopeSchema, ...errorResponses },
          },
        },
        async (request) => {
          await ops.setEnabled(request.params.id, action === 'enable', staffOf(request));
          return { success: true as const, message: `Algorithm ${action}d` };
        },
      );
    }

    app.post(
      '/admin/api/control/algorithms/:id/emergency-stop',
      {
        config: act,
        preValidation: noBodyIsEmpty,
        schema: {
          tags: TAGS,
          summary: 'Cancel the runs covering an algorithm and disable it, with a reason; audited',
          params: algorithmParamsSchema,
          body: actionReasonBodySchema,
          response: { 200: emergencyStopResultSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await ops.emergencyStop(request.params.id, request.body.reason, staffOf(request)),
      }),
    );

    app.post(
      '/admin/api/control/emergency-stop-all',
      {
        config: act,
        preValidation: noBodyIsEmpty,
        schema: {
          tags: TAGS,
          summary:
            'Cancel every run, disable every algorithm and pause the nightly schedule, with a reason; audited',
          body: actionReasonBodySchema,
          response: { 200: emergencyStopResultSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await ops.emergencyStopAll(request.body.reason, staffOf(request)),
      }),
    );

    app.get(
      '/admin/api/ai/algorithms/:id/versions',
      {
        config: read,
        schema: {
          tags: TAGS,
          summary: "An algorithm's model versions per horizon, newest first, with their walk-forward",
          params: algorithmParamsSchema,
          response: { 200: modelVersionListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: {
          champion_rule: CHAMPION_RULE_TEXT,
          versions: (await registry.versions(request.params.id)).map(modelVersionOf),
        },
      }),
    );

    app.post(
      '/admin/api/ai/algorithms/:id/versions/:versionId/promote',
      {
        config: act,
        schema: {
          tags: TAGS,
          summary:
            'Make a version the champion (promotion or rollback), with a reason; audited; queues a predict run',
          params: versionParamsSchema,
          body: actionReasonBodySchema,
          response: { 200: promoteResultSchema, ...errorResponses },
        },
      },
      async (request) => {
        const r = await registry.promote(
          request.params.id,
          request.params.versionId,
          request.body.reason,
          staffOf(request),
        );
        return {
          success: true as const,
          data: { version: modelVersionOf(r.version), predict_run_id: r.run?.id ?? null },
        };
      },
    );
  };
}
