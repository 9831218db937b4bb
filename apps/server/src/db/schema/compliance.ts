import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Surveillance rules as data: staff edit parameters, severity and enabled; every edit bumps `version`. */
export const complianceRules = pgTable('compliance_rules', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  /** market | investor | platform */
  category: text('category').notNull(),
  /** critical | high | medium | low */
  severity: text('severity').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  parameters: jsonb('parameters').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedByEmail: text('updated_by_email'),
});

/**
 * What a rule found: one row per rule, entity and window (the unique index deduplicates re-runs), with the rule
 * version and the evidence (figures, bars or events). `history` lists every status change with who and the notes.
 */
export const complianceViolations = pgTable(
  'compliance_violations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleCode: text('rule_code').notNull(),
    ruleVersion: integer('rule_version').notNull(),
    severity: text('severity').notNull(),
    /** open | investigating | resolved | dismissed */
    status: text('status').notNull().default('open'),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    windowKey: text('window_key').notNull(),
    description: text('description').notNull(),
    evidence: jsonb('evidence').notNull(),
    occurredAt: text('occurred_at').notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    assignedTo: text('assigned_to'),
    resolutionNotes: text('resolution_notes'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    history: jsonb('history')
      .notNull()
      .default(sql`'[]'::jsonb`),
    isDemo: boolean('is_demo').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('compliance_violations_dedup_idx').on(t.ruleCode, t.entityType, t.entityId, t.windowKey),
    index('compliance_violations_detected_idx').on(t.detectedAt),
    index('compliance_violations_status_idx').on(t.status, t.detectedAt),
  ],
);

/** Alerts from violations and platform events; unacknowledged past `ack_deadline_at` they are escalated. */
export const complianceAlerts = pgTable(
  'compliance_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    violationId: uuid('violation_id').references(() => complianceViolations.id, { onDelete: 'set null' }),
    /** market | investor | platform */
    source: text('source').notNull(),
    severity: text('severity').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    ackDeadlineAt: timestamp('ack_deadline_at', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: text('acknowledged_by'),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
  },
  (t) => [
    index('compliance_alerts_created_idx').on(t.createdAt),
    uniqueIndex('compliance_alerts_violation_idx').on(t.violationId),
  ],
);

/** The risk register: inherent and residual likelihood × impact (1–5 each), owner and review date. */
export const complianceRisks = pgTable('compliance_risks', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull(),
  mitigation: text('mitigation').notNull(),
  likelihood: integer('likelihood').notNull(),
  impact: integer('impact').notNull(),
  residualLikelihood: integer('residual_likelihood').notNull(),
  residualImpact: integer('residual_impact').notNull(),
  owner: text('owner').notNull(),
  reviewDate: date('review_date', { mode: 'string' }).notNull(),
  /** Seeded in demo mode: an example risk, labelled as such. */
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Each run of the rules: when, why (schedule, on demand) and what it found. */
export const complianceRuns = pgTable('compliance_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  trigger: text('trigger').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  newViolations: integer('new_violations').notNull().default(0),
  byRule: jsonb('by_rule')
    .notNull()
    .default(sql`'{}'::jsonb`),
});
