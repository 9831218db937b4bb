import { z } from 'zod';
import { AUDIT_EVENT_TYPES } from './admin.values.ts';
import { ADMIN_ROLES } from './roles.ts';
import { COMPLIANCE_AUDIT_LIMIT } from './constants.ts';
import { dataEnvelope } from './envelope.ts';
import {
  COMPLIANCE_SEVERITIES,
  RULE_CATEGORIES,
  RULE_PARAMETER_UNITS,
  ruleParameterRange,
  VIOLATION_STATUSES,
  type RuleParameterSpec,
} from './compliance.values.ts';

/**
 * Compliance & risk (admin realm, English; spec §2, §3, §4, §7). Surveillance rules raise violations with their
 * evidence; staff work them open → investigating → resolved (or dismissed as a false positive); alerts follow
 * violations and platform events with acknowledgement deadlines; the risk register scores likelihood × impact.
 */

const days = z.coerce
  .number({ error: 'days must be a number' })
  .int('days must be a whole number')
  .min(1, 'days must be between 1 and 365')
  .max(365, 'days must be between 1 and 365');

// ---- Dashboard ---------------------------------------------------------------------------------------------

export const complianceDashboardSchema = z.object({
  compliance_metrics: z.object({ active_rules: z.number().int(), critical_rules: z.number().int() }),
  violation_metrics: z.object({ open_violations: z.number().int(), critical_violations: z.number().int() }),
  risk_metrics: z.object({ high_risks: z.number().int(), avg_risk_score: z.number().nullable() }),
  alert_metrics: z.object({
    active_alerts: z.number().int(),
    critical_alerts: z.number().int(),
    overdue_alerts: z.number().int(),
  }),
  /** When the rules last ran, and how (schedule or on demand); null before the first run. */
  last_run: z.object({ at: z.string(), trigger: z.string(), new_violations: z.number().int() }).nullable(),
});
export type ComplianceDashboard = z.infer<typeof complianceDashboardSchema>;
export const complianceDashboardResponseSchema = dataEnvelope(complianceDashboardSchema);

// ---- Violations --------------------------------------------------------------------------------------------

export const violationEvidenceSchema = z.object({
  figures: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])),
  bars: z
    .array(
      z.object({
        at: z.string(),
        openTry: z.number(),
        highTry: z.number(),
        lowTry: z.number(),
        closeTry: z.number(),
        volumeShares: z.number(),
      }),
    )
    .optional(),
  events: z.array(z.record(z.string(), z.unknown())).optional(),
});

export const violationHistoryEntrySchema = z.object({
  at: z.string(),
  by: z.string(),
  from_status: z.enum(VIOLATION_STATUSES).nullable(),
  to_status: z.enum(VIOLATION_STATUSES),
  assigned_to: z.string().nullable(),
  notes: z.string().nullable(),
});

export const violationSchema = z.object({
  /** Spec §3 names both; they are the same id. */
  violation_id: z.string(),
  id: z.string(),
  severity_level: z.enum(COMPLIANCE_SEVERITIES),
  status: z.enum(VIOLATION_STATUSES),
  rule_code: z.string(),
  rule_name: z.string(),
  rule_version: z.number().int(),
  rule_category: z.enum(RULE_CATEGORIES),
  violation_description: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  detected_at: z.string(),
  /** When the behaviour happened (the last bar's day or the event's instant). */
  occurred_at: z.string(),
  evidence: violationEvidenceSchema,
  assigned_to: z.string().nullable(),
  resolution_notes: z.string().nullable(),
  resolved_at: z.string().nullable(),
  history: z.array(violationHistoryEntrySchema),
  /** Raised from the simulated demo market (demo mode), not from a live feed. */
  is_demo: z.boolean(),
});
export type Violation = z.infer<typeof violationSchema>;

export const violationsQuerySchema = z.object({
  status: z
    .enum(['all', ...VIOLATION_STATUSES], {
      error: `status must be one of: all, ${VIOLATION_STATUSES.join(', ')}`,
    })
    .default('all'),
  days: days.default(30),
  severity: z
    .enum(['all', ...COMPLIANCE_SEVERITIES], {
      error: `severity must be one of: all, ${COMPLIANCE_SEVERITIES.join(', ')}`,
    })
    .default('all'),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be between 1 and 500')
    .max(500, 'limit must be between 1 and 500')
    .default(200),
});
export type ViolationsQuery = z.infer<typeof violationsQuerySchema>;
export const violationListResponseSchema = dataEnvelope(z.array(violationSchema));
export const violationResponseSchema = dataEnvelope(violationSchema);

export const violationParamsSchema = z.object({ id: z.uuid({ error: 'id must be a violation id' }) });

const notes = z.string().trim().max(2_000, 'resolution_notes must be at most 2000 characters');
export const violationUpdateSchema = z.object({
  status: z.enum(VIOLATION_STATUSES, { error: `status must be one of: ${VIOLATION_STATUSES.join(', ')}` }),
  resolution_notes: notes.nullish(),
  assigned_to: z.string().trim().min(1).max(254, 'assigned_to must be at most 254 characters').nullish(),
});
export type ViolationUpdate = z.infer<typeof violationUpdateSchema>;

/** Bulk triage: one move (status, assignee, one note) on up to 200 violations at once, all or none. */
export const VIOLATION_BULK_MAX = 200;
export const violationBulkUpdateSchema = violationUpdateSchema.extend({
  ids: z
    .array(z.uuid({ error: 'ids must be violation ids' }), { error: 'ids must be a list of violation ids' })
    .min(1, 'ids must name at least one violation')
    .max(VIOLATION_BULK_MAX, `ids must name at most ${VIOLATION_BULK_MAX} violations`),
});
export type ViolationBulkUpdate = z.infer<typeof violationBulkUpdateSchema>;
export const violationBulkResponseSchema = dataEnvelope(
  z.object({ updated: z.number().int(), violations: z.array(violationSchema) }),
);
export type ViolationBulkResult = z.infer<typeof violationBulkResponseSchema>['data'];

// ---- Alerts -------------------------------------------------------------------------------------------------

export const complianceAlertSchema = z.object({
  alert_id: z.string(),
  id: z.string(),
  severity: z.enum(COMPLIANCE_SEVERITIES),
  title: z.string(),
  description: z.string(),
  source: z.enum(RULE_CATEGORIES),
  violation_id: z.string().nullable(),
  created_at: z.string(),
  /** Acknowledge by this time; past it, unacknowledged, the alert is escalated. */
  acknowledge_by: z.string(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
  escalated_at: z.string().nullable(),
});
export type ComplianceAlert = z.infer<typeof complianceAlertSchema>;

export const complianceAlertsQuerySchema = z.object({
  severity: z
    .enum(['all', ...COMPLIANCE_SEVERITIES], {
      error: `severity must be one of: all, ${COMPLIANCE_SEVERITIES.join(', ')}`,
    })
    .default('all'),
  days: days.default(90),
});
export const complianceAlertListResponseSchema = dataEnvelope(z.array(complianceAlertSchema));
export const complianceAlertResponseSchema = dataEnvelope(complianceAlertSchema);
export const complianceAlertParamsSchema = z.object({ id: z.uuid({ error: 'id must be an alert id' }) });
/** The spec sends acknowledged_by; the server records the signed-in staff member (who is who acknowledged). */
export const complianceAlertAcknowledgeSchema = z.object({
  acknowledged_by: z.string().trim().max(254, 'acknowledged_by must be at most 254 characters').optional(),
});

// ---- Risks --------------------------------------------------------------------------------------------------

const score15 = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number from 1 to 5` })
    .int(`${field} must be a whole number from 1 to 5`)
    .min(1, `${field} must be from 1 to 5`)
    .max(5, `${field} must be from 1 to 5`);

export const riskSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Level of the residual score (what remains after mitigation). */
  risk_level: z.enum(COMPLIANCE_SEVERITIES),
  risk_category: z.string(),
  /** Residual score, likelihood × impact after mitigation (1–25). */
  risk_score: z.number().int(),
  risk_description: z.string(),
  mitigation_strategy: z.string(),
  likelihood: z.number().int(),
  impact: z.number().int(),
  inherent_score: z.number().int(),
  inherent_level: z.enum(COMPLIANCE_SEVERITIES),
  residual_likelihood: z.number().int(),
  residual_impact: z.number().int(),
  owner: z.string(),
  review_date: z.string(),
  /** Seeded in demo mode: an example, not an assessment of this platform. */
  is_demo: z.boolean(),
  updated_at: z.string(),
});
export type Risk = z.infer<typeof riskSchema>;

export const risksQuerySchema = z.object({
  level: z
    .enum(['all', ...COMPLIANCE_SEVERITIES], {
      error: `level must be one of: all, ${COMPLIANCE_SEVERITIES.join(', ')}`,
    })
    .default('all'),
});
export const riskListResponseSchema = dataEnvelope(z.array(riskSchema));
export const riskResponseSchema = dataEnvelope(riskSchema);
export const riskParamsSchema = z.object({ id: z.uuid({ error: 'id must be a risk id' }) });

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

export const riskInputSchema = z
  .object({
    title: text('title', 200),
    risk_category: text('risk_category', 100),
    risk_description: text('risk_description', 2_000),
    mitigation_strategy: text('mitigation_strategy', 2_000),
    likelihood: score15('likelihood'),
    impact: score15('impact'),
    residual_likelihood: score15('residual_likelihood'),
    residual_impact: score15('residual_impact'),
    owner: text('owner', 200),
    review_date: z.iso.date({ error: 'review_date must be a date (YYYY-MM-DD)' }),
  })
  .refine((r) => r.residual_likelihood * r.residual_impact <= r.likelihood * r.impact, {
    message: 'the residual score cannot exceed the inherent score',
    path: ['residual_impact'],
  });
export type RiskInput = z.infer<typeof riskInputSchema>;

// ---- Rules --------------------------------------------------------------------------------------------------

function parameterSchema(spec: RuleParameterSpec, path: string): z.ZodType {
  const range = `${path} must be ${ruleParameterRange(spec)}`;
  if (spec.kind === 'roles')
    return z
      .array(z.enum(ADMIN_ROLES, { error: `${path} must list admin roles (${ADMIN_ROLES.join(', ')})` }), {
        error: `${path} must be a list of roles`,
      })
      .max(spec.max ?? 20, `${path} must list at most ${spec.max} roles`);
  let n = z.number({ error: `${path} must be a number` });
  if (spec.kind === 'integer') n = n.int(`${path} must be a whole number`);
  n = spec.minExclusive ? n.gt(spec.min, range) : n.min(spec.min, range);
  if (spec.max !== null) n = n.max(spec.max, range);
  return n;
}

/**
 * The schema of a rule's parameters: every key of its specs and no other (an unknown key is refused), each in its
 * range. Messages name the field as `parameters.<key>`.
 */
export function ruleParametersSchema(specs: readonly RuleParameterSpec[]) {
  return z.strictObject(
    Object.fromEntries(specs.map((s) => [s.key, parameterSchema(s, `parameters.${s.key}`)])),
  );
}

export const ruleParameterSpecSchema = z.object({
  key: z.string(),
  unit: z.enum(RULE_PARAMETER_UNITS),
  kind: z.enum(['number', 'integer', 'roles']),
  min: z.number(),
  minExclusive: z.boolean().optional(),
  max: z.number().nullable(),
});

export const complianceRuleSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(RULE_CATEGORIES),
  severity: z.enum(COMPLIANCE_SEVERITIES),
  enabled: z.boolean(),
  parameters: z.record(z.string(), z.unknown()),
  /** Unit and range of each parameter (what the edit form validates against). */
  parameter_specs: z.array(ruleParameterSpecSchema),
  version: z.number().int(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
  /** The last finished run that covered this rule's category; null before one. */
  last_run_at: z.string().nullable(),
  /** Violations this rule raised in the last `days` days (the rules query's period). */
  violations_in_period: z.number().int(),
});
export type ComplianceRule = z.infer<typeof complianceRuleSchema>;
export const ruleListResponseSchema = dataEnvelope(z.array(complianceRuleSchema));
export const ruleResponseSchema = dataEnvelope(complianceRuleSchema);
export const rulesQuerySchema = z.object({ days: days.default(30) });
export const ruleParamsSchema = z.object({
  code: z.string().regex(/^[A-Z_]{3,60}$/, 'code must be a rule code such as MKT_VOLUME_SPIKE'),
});
export const ruleUpdateSchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
    severity: z
      .enum(COMPLIANCE_SEVERITIES, { error: 'severity must be critical, high, medium or low' })
      .optional(),
    parameters: z.record(z.string(), z.unknown(), { error: 'parameters must be an object' }).optional(),
  })
  .refine((u) => u.enabled !== undefined || u.severity !== undefined || u.parameters !== undefined, {
    message: 'Nothing to change: send enabled, severity or parameters',
  });
export type RuleUpdate = z.infer<typeof ruleUpdateSchema>;

export const ruleRunResultSchema = z.object({
  trigger: z.string(),
  /** Queued on the job queue (the result comes later) or run at once. */
  queued: z.boolean(),
  new_violations: z.number().int().nullable(),
  by_rule: z.record(z.string(), z.number().int()).nullable(),
});
export const ruleRunResponseSchema = dataEnvelope(ruleRunResultSchema);

// ---- Audit trail --------------------------------------------------------------------------------------------

export const complianceAuditQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be between 1 and 200')
    .max(200, 'limit must be between 1 and 200')
    .default(COMPLIANCE_AUDIT_LIMIT),
  days: days.default(30),
});
export const complianceAuditEntrySchema = z.object({
  id: z.number().int(),
  event_type: z.enum(AUDIT_EVENT_TYPES),
  action: z.string(),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  entity_type: z.string().nullable(),
  entity_id: z.string().nullable(),
  timestamp: z.string(),
});
export type ComplianceAuditEntry = z.infer<typeof complianceAuditEntrySchema>;
export const complianceAuditResponseSchema = dataEnvelope(z.array(complianceAuditEntrySchema));

// ---- Who may do what (decision: compliance access) -------------------------------------------------------------
