import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COMPLIANCE_ACCESS,
  complianceAlertAcknowledgeSchema,
  complianceAlertListResponseSchema,
  complianceAlertParamsSchema,
  complianceAlertResponseSchema,
  complianceAlertsQuerySchema,
  complianceAuditQuerySchema,
  complianceAuditResponseSchema,
  complianceDashboardResponseSchema,
  errorResponses,
  riskInputSchema,
  riskListResponseSchema,
  riskParamsSchema,
  riskResponseSchema,
  risksQuerySchema,
  ruleListResponseSchema,
  ruleParamsSchema,
  ruleResponseSchema,
  ruleRunResponseSchema,
  ruleUpdateSchema,
  rulesQuerySchema,
  violationListResponseSchema,
  violationParamsSchema,
  violationResponseSchema,
  violationUpdateSchema,
  violationsQuerySchema,
  violationBulkResponseSchema,
  violationBulkUpdateSchema,
} from '@bist/contracts';
import { adminAccess, adminActorOf, requestMeta } from '@/plugins/admin-access';
import type { ComplianceRuns, StaffAction } from './compliance-runs.ts';
import type { ComplianceService } from './compliance.service.ts';

const TAGS = ['admin: compliance'];

const staffOf = (request: FastifyRequest): StaffAction => ({
  actor: adminActorOf(request),
  meta: requestMeta(request),
});

/** Compliance & risk (spec §7 compliance, plus rule and risk management). Access: COMPLIANCE_ACCESS (contracts). */
export function complianceRoutes(compliance: ComplianceService, runs: ComplianceRuns) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const read = { adminAccess: adminAccess.anyOf(...COMPLIANCE_ACCESS.read) };
    const work = { adminAccess: adminAccess.anyOf(...COMPLIANCE_ACCESS.work) };
    const risks = { adminAccess: adminAccess.anyOf(...COMPLIANCE_ACCESS.risks) };
    const manage = { adminAccess: adminAccess.anyOf(...COMPLIANCE_ACCESS.manage) };

    app.get(
      '/admin/api/compliance/dashboard',
      {
        config: read,
        schema: {
          tags: TAGS,
          summary:
            'Active and critical rules, open and critical violations, high risks and average score, alerts',
          response: { 200: complianceDashboardResponseSchema, ...errorResponses },
        },
      },
      async () => ({ success: true as const, data: await compliance.dashboard() }),
    );

    app.get(
      '/admin/api/compliance/violations',
      {
        config: read,
        schema: {
          tags: TAGS,
          summary: 'Violations detected in the last `days` days with their evidence, newest first',
          querystring: violationsQuerySchema,
          response: { 200: violationListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await compliance.violations(request.query) }),
    );

    app.get(
      '/admin/api/compliance/violations/:id',
      {
        config: read,
        schema: {
          tags: TAGS,
          summary: 'One violation with its evidence and history',
          params: violationParamsSchema,
          response: { 200: violationResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await compliance.violation(request.params.id) }),
    );

    app.post(
      '/admin/api/compliance/violations/bulk',
      {
        config: work,
        schema: {
          tags: TAGS,
          summary:
            'Bulk triage: the same move (status, assignee, one note) on several violations, all or none; 404 / 409 naming the violation; each audited',
          body: violationBulkUpdateSchema,
          response: { 200: violationBulkResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const violations = await compliance.updateViolations(request.body, staffOf(request));
        return { success: true as const, data: { updated: violations.length, violations } };
      },
    );

    app.put(
      '/admin/api/compliance/violations/:id',
      {
        config: work,
        schema: {
          tags: TAGS,
          summary:
            'Move a violation (open → investigating → resolved / dismissed) with assignee and notes; 409 on an illegal move; audited',
          params: violationParamsSchema,
          body: violationUpdateSchema,
          response: { 200: violationResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await compliance.updateViolation(request.params.id, request.body, staffOf(request)),
      }),
    );

    app.get(
      '/admin/api/compliance/alerts',
      {
        config: read,
        schema: {
          tags: TAGS,
          summary: 'Alerts with their acknowledgement deadline and escalation, newest first',
          querystring: complianceAlertsQuerySchema,
          response: { 200: complianceAlertListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await compliance.alerts(request.query) }),
    );

    app.post(
      '/admin/api/compliance/alerts/:id/acknowledge',
      {
        config: work,
        schema: {
          tags: TAGS,
          summary: 'Acknowledge an alert (idempotent: a second call returns it unchanged); audited once',
          params: complianceAlertParamsSchema,
          body: complianceAlertAcknowledgeSchema.optional(),
          response: { 200: complianceAlertResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await compliance.acknowledge(request.params.id, staffOf(request)),
      }),
    );

    app.get(
      '/admin/api/compliance/risks',
      {
        config: read,
        schema: {
          tags: TAGS,
          summary: 'The risk register: inherent and residual likelihood × impact, level from the 5×5 bands',
          querystring: risksQuerySchema,
          response: { 200: riskListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await compliance.risks(request.query.level) }),
    );

    app.post(
      '/admin/api/compliance/risks',
      {
        config: risks,
        schema: {
          tags: TAGS,
          summary: 'Add a risk to the register; audited',
          body: riskInputSchema,
          response: { 201: riskResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          success: true as const,
          data: await compliance.createRisk(request.body, staffOf(request)),
        }),
    );

    app.put(
      '/admin/api/compliance/risks/:id',
      {
        config: risks,
        schema: {
          tags: TAGS,
          summary: 'Edit a risk; audited with the before and after',
          params: riskParamsSchema,
          body: riskInputSchema,
          response: { 200: riskResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await compliance.updateRisk(request.params.id, request.body, staffOf(request)),
      }),
    );

    app.get(
      '/admin/api/compliance/audit',
      {
        config: read,
        schema: {
          tags: TAGS,
          summary:
            'The audit trail: the last `limit` audit log entries of the last `days` days, newest first',
          querystring: complianceAuditQuerySchema,
          response: { 200: complianceAuditResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await compliance.auditTrail(request.query) }),
    );

    app.get(
      '/admin/api/compliance/rules',
      {
        config: read,
        schema: {
          tags: TAGS,
          summary:
            'The surveillance rules with their parameters (unit and range), severity, version, whether they run, the last run that covered each and the violations each raised in the last `days` days',
          querystring: rulesQuerySchema,
          response: { 200: ruleListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await compliance.rules(request.query.days) }),
    );

    app.put(
      '/admin/api/compliance/rules/:code',
      {
        config: manage,
        schema: {
          tags: TAGS,
          summary: "Edit a rule's parameters, severity or enabled flag (bumps its version); audited",
          params: ruleParamsSchema,
          body: ruleUpdateSchema,
          response: { 200: ruleResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await compliance.updateRule(request.params.code, request.body, staffOf(request)),
      }),
    );

    app.post(
      '/admin/api/compliance/rules/run',
      {
        config: manage,
        schema: {
          tags: TAGS,
          summary: 'Run every enabled rule now (through the job queue when there is one); audited',
          response: { 200: ruleRunResponseSchema, 202: ruleRunResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { queued, summary } = await runs.requestRun(staffOf(request));
        return reply.status(queued ? 202 : 200).send({
          success: true as const,
          data: {
            trigger: 'on_demand',
            queued,
            new_violations: summary?.newViolations ?? null,
            by_rule: summary?.byRule ?? null,
          },
        });
      },
    );
  };
}
