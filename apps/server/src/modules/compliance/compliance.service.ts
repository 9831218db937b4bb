import {
  riskLevelOf,
  riskScoreOf,
  type ComplianceAlert,
  type ComplianceDashboard,
  type ComplianceRule,
  type ComplianceSeverity,
  type Risk,
  type RiskInput,
  type RuleUpdate,
  type Violation,
  type ViolationStatus,
  type ViolationBulkUpdate,
  type ViolationUpdate,
  type ViolationsQuery,
} from '@bist/contracts';
import type { DbExecutor } from '@/db/executor';
import { BadRequestError, ConflictError, NotFoundError } from '@/lib/errors';
import type {
  AlertRow,
  ComplianceRepository,
  RiskRow,
  RuleRow,
  ViolationRow,
} from './compliance.repository.ts';
import {
  DAY_MS,
  RUN_SCOPE,
  type ComplianceRunsDeps,
  type RunTrigger,
  type StaffAction,
} from './compliance-runs.ts';
import { DEMO_RISKS } from './demo-risks.ts';
import { RULE_CATALOGUE, parameterSpecs, ruleDefinition, type RuleCategory } from './rules/catalogue.ts';

const TRANSITIONS: Record<ViolationStatus, readonly ViolationStatus[]> = {
  open: ['open', 'investigating', 'resolved', 'dismissed'],
  investigating: ['investigating', 'resolved', 'dismissed'],
  resolved: [],
  dismissed: [],
};

/** The moves that need a note, with what the note must say (decision 0059). */
const NOTE_NEEDED: Partial<Record<ViolationStatus, string>> = {
  investigating: 'say what is being investigated',
  resolved: 'say how the violation was resolved',
  dismissed: 'say why the violation is a false positive',
};

export class ViolationTransitionError extends ConflictError {
  constructor(from: ViolationStatus, to: ViolationStatus) {
    super(`A ${from} violation cannot move to ${to}`, 'status');
  }
}

/** Whether the workflow allows moving a violation from one status to another. */
export function violationMoveAllowed(from: ViolationStatus, to: ViolationStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

function toRule(
  row: RuleRow,
  stats: { lastRunAt: Date | null; violations: number } = { lastRunAt: null, violations: 0 },
): ComplianceRule {
  return {
    code: row.code,
    name: row.name,
    description: row.description,
    category: row.category as RuleCategory,
    severity: row.severity as ComplianceSeverity,
    enabled: row.enabled,
    parameters: row.parameters as Record<string, unknown>,
    parameter_specs: [...parameterSpecs(row.code)],
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedByEmail,
    last_run_at: stats.lastRunAt?.toISOString() ?? null,
    violations_in_period: stats.violations,
  };
}

/** What an edit of a rule changes, for the audit log's before and after. */
const ruleState = (row: RuleRow) => ({
  severity: row.severity,
  enabled: row.enabled,
  parameters: row.parameters,
  version: row.version,
});

function toViolation(row: ViolationRow): Violation {
  const definition = ruleDefinition(row.ruleCode);
  return {
    violation_id: row.id,
    id: row.id,
    severity_level: row.severity as ComplianceSeverity,
    status: row.status as ViolationStatus,
    rule_code: row.ruleCode,
    rule_name: definition?.name ?? row.ruleCode,
    rule_version: row.ruleVersion,
    rule_category: definition?.category ?? 'market',
    violation_description: row.description,
    entity_type: row.entityType,
    entity_id: row.entityId,
    detected_at: row.detectedAt.toISOString(),
    occurred_at: row.occurredAt,
    evidence: row.evidence as Violation['evidence'],
    assigned_to: row.assignedTo,
    resolution_notes: row.resolutionNotes,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    history: row.history as Violation['history'],
    is_demo: row.isDemo,
  };
}

function toAlert(row: AlertRow): ComplianceAlert {
  return {
    alert_id: row.id,
    id: row.id,
    severity: row.severity as ComplianceSeverity,
    title: row.title,
    description: row.description,
    source: row.source as RuleCategory,
    violation_id: row.violationId,
    created_at: row.createdAt.toISOString(),
    acknowledge_by: row.ackDeadlineAt.toISOString(),
    acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
    acknowledged_by: row.acknowledgedBy,
    escalated_at: row.escalatedAt?.toISOString() ?? null,
  };
}

function toRisk(row: RiskRow): Risk {
  const inherent = riskScoreOf(row.likelihood, row.impact);
  const residual = riskScoreOf(row.residualLikelihood, row.residualImpact);
  return {
    id: row.id,
    title: row.title,
    risk_level: riskLevelOf(residual),
    risk_category: row.category,
    risk_score: residual,
    risk_description: row.description,
    mitigation_strategy: row.mitigation,
    likelihood: row.likelihood,
    impact: row.impact,
    inherent_score: inherent,
    inherent_level: riskLevelOf(inherent),
    residual_likelihood: row.residualLikelihood,
    residual_impact: row.residualImpact,
    owner: row.owner,
    review_date: row.reviewDate,
    is_demo: row.isDemo,
    updated_at: row.updatedAt.toISOString(),
  };
}

const riskColumns = (input: RiskInput) => ({
  title: input.title,
  category: input.risk_category,
  description: input.risk_description,
  mitigation: input.mitigation_strategy,
  likelihood: input.likelihood,
  impact: input.impact,
  residualLikelihood: input.residual_likelihood,
  residualImpact: input.residual_impact,
  owner: input.owner,
  reviewDate: input.review_date,
});

/** What the casework needs of the runs' dependencies. */
export type ComplianceCaseDeps = Pick<ComplianceRunsDeps, 'repo' | 'audit' | 'clock' | 'demoMode'>;

/**
 * Compliance & risk casework: the violation workflow, alerts with acknowledgement deadlines, the risk register, the
 * rules' settings and the compliance view of the audit log (the runs that find violations are ComplianceRuns's). Every
 * staff change is audited (event type compliance_check) in the same transaction as the change.
 */
export class ComplianceService {
  constructor(private readonly deps: ComplianceCaseDeps) {}

  private get repo() {
    return this.deps.repo;
  }

  private now() {
    return this.deps.clock.now();
  }

  /** Stores the catalogue's rules that are not stored yet, and in demo mode the example risks (once). */
  async prepare(): Promise<void> {
    const now = this.now();
    await this.repo.insertMissingRules(
      RULE_CATALOGUE.map((rule) => ({
        code: rule.code,
        name: rule.name,
        description: rule.description,
        category: rule.category,
        severity: rule.severity,
        enabled: true,
        parameters: rule.defaults,
        version: 1,
        updatedAt: now,
      })),
    );
    if (this.deps.demoMode && !(await this.repo.hasDemoRisks())) {
      for (const risk of DEMO_RISKS) {
        await this.repo.insertRisk({ ...riskColumns(risk), isDemo: true, updatedAt: now });
      }
    }
  }

  // ---- reading

  async dashboard(): Promise<ComplianceDashboard> {
    const now = this.now();
    const rules = await this.repo.rules();
    const active = rules.filter((r) => r.enabled);
    const violations = await this.repo.violationCounts();
    const risks = (await this.repo.risks()).map(toRisk);
    const alerts = await this.repo.alertCounts(now);
    const last = await this.repo.lastRun();
    return {
      compliance_metrics: {
        active_rules: active.length,
        critical_rules: active.filter((r) => r.severity === 'critical').length,
      },
      violation_metrics: { open_violations: violations.open, critical_violations: violations.critical },
      risk_metrics: {
        high_risks: risks.filter((r) => r.risk_level === 'high' || r.risk_level === 'critical').length,
        avg_risk_score:
          risks.length === 0
            ? null
            : Math.round((risks.reduce((s, r) => s + r.risk_score, 0) / risks.length) * 10) / 10,
      },
      alert_metrics: {
        active_alerts: alerts.active,
        critical_alerts: alerts.critical,
        overdue_alerts: alerts.overdue,
      },
      last_run: last
        ? { at: last.finishedAt!.toISOString(), trigger: last.trigger, new_violations: last.newViolations }
        : null,
    };
  }

  async violations(query: ViolationsQuery): Promise<Violation[]> {
    const rows = await this.repo.violations({
      status: query.status === 'all' ? undefined : query.status,
      severity: query.severity === 'all' ? undefined : query.severity,
      since: new Date(this.now().getTime() - query.days * DAY_MS),
      limit: query.limit,
    });
    return rows.map(toViolation);
  }

  async violation(id: string): Promise<Violation> {
    const row = await this.repo.violation(id);
    if (!row) throw new NotFoundError('Violation not found');
    return toViolation(row);
  }

  /**
   * Moves a violation through the workflow (open → investigating → resolved / dismissed), with assignee and notes.
   * A move the workflow does not allow (e.g. resolved → open) is a 409; moving to investigating, resolved or dismissed
   * needs a note (400 naming resolution_notes; the page offers the spec's 'Resolved by admin' as the resolution's
   * text). Audited with the before and after.
   */
  async updateViolation(id: string, input: ViolationUpdate, staff: StaffAction): Promise<Violation> {
    return this.repo.transaction(async (repo, tx) => this.moveViolation(repo, tx, id, input, staff));
  }

  /**
   * Bulk triage: the same move (status, assignee, one note) on several violations in one transaction — all or none
   * (a missing id is a 404, an illegal move a 409, naming the violation). Each violation is audited as one update.
   */
  async updateViolations(input: ViolationBulkUpdate, staff: StaffAction): Promise<Violation[]> {
    const { ids, ...update } = input;
    return this.repo.transaction(async (repo, tx) => {
      const out: Violation[] = [];
      for (const id of new Set(ids)) out.push(await this.moveViolation(repo, tx, id, update, staff));
      return out;
    });
  }

  private async moveViolation(
    repo: ComplianceRepository,
    tx: DbExecutor,
    id: string,
    input: ViolationUpdate,
    staff: StaffAction,
  ): Promise<Violation> {
    const current = await repo.violation(id, true);
    if (!current) throw new NotFoundError('Violation not found');
    const from = current.status as ViolationStatus;
    const to = input.status;
    if (!violationMoveAllowed(from, to)) throw new ViolationTransitionError(from, to);
    const notes = input.resolution_notes?.trim() || null;
    if (!notes && NOTE_NEEDED[to] && to !== from)
      throw new BadRequestError(`resolution_notes: ${NOTE_NEEDED[to]}`, 'resolution_notes');
    const now = this.now();
    const assignedTo =
      input.assigned_to !== undefined
        ? input.assigned_to
        : (current.assignedTo ?? (to === 'investigating' ? staff.actor.email : null));
    const entry = {
      at: now.toISOString(),
      by: staff.actor.email,
      from_status: from,
      to_status: to,
      assigned_to: assignedTo ?? null,
      notes,
    };
    const updated = await repo.updateViolation(id, {
      status: to,
      assignedTo: assignedTo ?? null,
      resolutionNotes: notes ?? current.resolutionNotes,
      resolvedAt: to === 'resolved' || to === 'dismissed' ? now : null,
      history: [...(current.history as unknown[]), entry],
      updatedAt: now,
    });
    await this.deps.audit.record(
      {
        eventType: 'compliance_check',
        action: 'violation_updated',
        actor: staff.actor,
        target: { type: 'compliance_violation', id },
        before: { status: from, assigned_to: current.assignedTo },
        after: { status: to, assigned_to: updated.assignedTo, resolution_notes: notes },
        details: {
          rule_code: current.ruleCode,
          entity_type: current.entityType,
          entity_id: current.entityId,
        },
        meta: staff.meta,
      },
      tx,
    );
    return toViolation(updated);
  }

  async alerts(query: { severity: string; days: number }): Promise<ComplianceAlert[]> {
    const rows = await this.repo.alerts({
      severity: query.severity === 'all' ? undefined : query.severity,
      since: new Date(this.now().getTime() - query.days * DAY_MS),
    });
    return rows.map(toAlert);
  }

  /** Acknowledges an alert once; acknowledging it again returns it unchanged (idempotent, audited once). */
  async acknowledge(id: string, staff: StaffAction): Promise<ComplianceAlert> {
    const updated = await this.repo.transaction(async (repo, tx) => {
      const row = await repo.acknowledgeAlert(id, staff.actor.email, this.now());
      if (row)
        await this.deps.audit.record(
          {
            eventType: 'compliance_check',
            action: 'alert_acknowledged',
            actor: staff.actor,
            target: { type: 'compliance_alert', id },
            details: { severity: row.severity, escalated: row.escalatedAt !== null },
            meta: staff.meta,
          },
          tx,
        );
      return row;
    });
    if (updated) return toAlert(updated);
    const existing = await this.repo.alert(id);
    if (!existing) throw new NotFoundError('Alert not found');
    return toAlert(existing);
  }

  async risks(level: string): Promise<Risk[]> {
    const all = (await this.repo.risks()).map(toRisk);
    return level === 'all' ? all : all.filter((r) => r.risk_level === level);
  }

  async createRisk(input: RiskInput, staff: StaffAction): Promise<Risk> {
    return this.repo.transaction(async (repo, tx) => {
      const row = await repo.insertRisk({ ...riskColumns(input), updatedAt: this.now() });
      const risk = toRisk(row);
      await this.deps.audit.record(
        {
          eventType: 'compliance_check',
          action: 'risk_created',
          actor: staff.actor,
          target: { type: 'compliance_risk', id: row.id },
          after: risk,
          meta: staff.meta,
        },
        tx,
      );
      return risk;
    });
  }

  async updateRisk(id: string, input: RiskInput, staff: StaffAction): Promise<Risk> {
    return this.repo.transaction(async (repo, tx) => {
      const before = await repo.risk(id);
      if (!before) throw new NotFoundError('Risk not found');
      const row = await repo.updateRisk(id, { ...riskColumns(input), updatedAt: this.now() });
      if (!row) throw new NotFoundError('Risk not found');
      const risk = toRisk(row);
      await this.deps.audit.record(
        {
          eventType: 'compliance_check',
          action: 'risk_updated',
          actor: staff.actor,
          target: { type: 'compliance_risk', id },
          before: toRisk(before),
          after: risk,
          meta: staff.meta,
        },
        tx,
      );
      return risk;
    });
  }

  /** The rules with the last run that covered each and the violations each raised in the last `days` days. */
  async rules(days = 30): Promise<ComplianceRule[]> {
    const since = new Date(this.now().getTime() - days * DAY_MS);
    const counts = await this.repo.violationCountsByRule(since);
    const lastRuns = await this.repo.lastRunByTrigger();
    const lastRunOf = (category: RuleCategory): Date | null => {
      let latest: Date | null = null;
      for (const [trigger, at] of lastRuns) {
        const scope = RUN_SCOPE[trigger as RunTrigger] as readonly RuleCategory[] | undefined;
        if (scope?.includes(category) && (latest === null || at > latest)) latest = at;
      }
      return latest;
    };
    return (await this.repo.rules()).map((row) =>
      toRule(row, {
        lastRunAt: lastRunOf(row.category as RuleCategory),
        violations: counts.get(row.code) ?? 0,
      }),
    );
  }

  /** Edits a rule's parameters, severity or enabled flag (validated against the rule's own schema); bumps its version. */
  async updateRule(code: string, input: RuleUpdate, staff: StaffAction): Promise<ComplianceRule> {
    const definition = ruleDefinition(code);
    if (!definition) throw new NotFoundError('Rule not found');
    let parameters: object | undefined;
    if (input.parameters !== undefined) {
      const parsed = definition.params.safeParse(input.parameters);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const path = issue?.path.length ? `parameters.${issue.path.join('.')}` : 'parameters';
        throw new BadRequestError(`${path}: ${issue?.message ?? 'invalid'}`, path);
      }
      parameters = parsed.data;
    }
    await this.repo.transaction(async (repo, tx) => {
      const before = await repo.rule(code, true);
      if (!before) throw new NotFoundError('Rule not found');
      const row = await repo.updateRule(code, {
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(input.severity !== undefined ? { severity: input.severity } : {}),
        ...(parameters !== undefined ? { parameters } : {}),
        updatedAt: this.now(),
        updatedByEmail: staff.actor.email,
      });
      if (!row) throw new NotFoundError('Rule not found');
      await this.deps.audit.record(
        {
          eventType: 'compliance_check',
          action: 'compliance_rule_updated',
          actor: staff.actor,
          target: { type: 'compliance_rule', id: code },
          before: ruleState(before),
          after: ruleState(row),
          meta: staff.meta,
        },
        tx,
      );
    });
    const updated = (await this.rules()).find((r) => r.code === code);
    if (!updated) throw new NotFoundError('Rule not found');
    return updated;
  }

  /**
   * The Audit Trail tab: the append-only audit log of the last `days` days, newest first. Our log already stores the
   * spec's four event types (user_login, data_access, system_config, compliance_check), so the mapping is one to one.
   */
  async auditTrail(query: { limit: number; days: number }) {
    const { entries } = await this.deps.audit.list({
      page: 1,
      limit: query.limit,
      from: new Date(this.now().getTime() - query.days * DAY_MS).toISOString(),
    });
    return entries.map((e) => ({
      id: e.id,
      event_type: e.event_type,
      action: e.action,
      user_id: e.user_id,
      user_email: e.user_email,
      entity_type: e.entity_type,
      entity_id: e.entity_id,
      timestamp: e.timestamp,
    }));
  }
}
