import { and, asc, count, desc, eq, gte, inArray, isNull, lt, max, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '@/db/executor';
import {
  complianceAlerts,
  complianceRisks,
  complianceRules,
  complianceRuns,
  complianceViolations,
} from '@/db/schema/index';

export type RuleRow = typeof complianceRules.$inferSelect;
export type ViolationRow = typeof complianceViolations.$inferSelect;
export type NewViolationRow = typeof complianceViolations.$inferInsert;
export type AlertRow = typeof complianceAlerts.$inferSelect;
export type NewAlertRow = typeof complianceAlerts.$inferInsert;
export type RiskRow = typeof complianceRisks.$inferSelect;
export type NewRiskRow = typeof complianceRisks.$inferInsert;
export type RunRow = typeof complianceRuns.$inferSelect;

export interface ViolationFilter {
  status?: string | undefined;
  severity?: string | undefined;
  since?: Date | undefined;
  limit: number;
}

/** Stored rules, violations, alerts, risks and runs, plus the read-only inputs the rules run on. */
export class ComplianceRepository {
  constructor(private readonly db: DbExecutor) {}

  transaction<T>(work: (repo: ComplianceRepository, tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new ComplianceRepository(tx), tx));
  }

  // ---- rules

  async rules(): Promise<RuleRow[]> {
    return this.db
      .select()
      .from(complianceRules)
      .orderBy(asc(complianceRules.category), asc(complianceRules.code));
  }

  async rule(code: string, forUpdate = false): Promise<RuleRow | null> {
    const query = this.db.select().from(complianceRules).where(eq(complianceRules.code, code));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ?? null;
  }

  /** Inserts the rules that are not stored yet (a rule staff already edited keeps its edits). */
  async insertMissingRules(rows: (typeof complianceRules.$inferInsert)[]): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await this.db
      .insert(complianceRules)
      .values(rows)
      .onConflictDoNothing()
      .returning({ code: complianceRules.code });
    return inserted.length;
  }

  async updateRule(
    code: string,
    patch: Partial<typeof complianceRules.$inferInsert>,
  ): Promise<RuleRow | null> {
    const [row] = await this.db
      .update(complianceRules)
      .set({ ...patch, version: sql`${complianceRules.version} + 1` })
      .where(eq(complianceRules.code, code))
      .returning();
    return row ?? null;
  }

  // ---- violations

  /** Stores the violations not stored yet (same rule, entity and window); returns the new ones. */
  async insertViolations(rows: NewViolationRow[]): Promise<ViolationRow[]> {
    if (rows.length === 0) return [];
    return this.db.insert(complianceViolations).values(rows).onConflictDoNothing().returning();
  }

  async violations(filter: ViolationFilter): Promise<ViolationRow[]> {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(complianceViolations.status, filter.status));
    if (filter.severity) conditions.push(eq(complianceViolations.severity, filter.severity));
    if (filter.since) conditions.push(gte(complianceViolations.detectedAt, filter.since));
    return this.db
      .select()
      .from(complianceViolations)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(complianceViolations.detectedAt), desc(complianceViolations.occurredAt))
      .limit(filter.limit);
  }

  async violation(id: string, forUpdate = false): Promise<ViolationRow | null> {
    const query = this.db.select().from(complianceViolations).where(eq(complianceViolations.id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ?? null;
  }

  async updateViolation(id: string, patch: Partial<NewViolationRow>): Promise<ViolationRow> {
    const [row] = await this.db
      .update(complianceViolations)
      .set(patch)
      .where(eq(complianceViolations.id, id))
      .returning();
    if (!row) throw new Error(`violation ${id} vanished inside its transaction`);
    return row;
  }

  async violationCounts(): Promise<{ open: number; critical: number }> {
    const active = inArray(complianceViolations.status, ['open', 'investigating']);
    const [open] = await this.db.select({ n: count() }).from(complianceViolations).where(active);
    const [critical] = await this.db
      .select({ n: count() })
      .from(complianceViolations)
      .where(and(active, eq(complianceViolations.severity, 'critical')));
    return { open: open?.n ?? 0, critical: critical?.n ?? 0 };
  }

  /** Market violations since a date, for the rule on trading before them. */
  async marketSignals(
    sinceDate: string,
  ): Promise<{ ruleCode: string; entityId: string; occurredAt: string }[]> {
    return this.db
      .select({
        ruleCode: complianceViolations.ruleCode,
        entityId: complianceViolations.entityId,
        occurredAt: complianceViolations.occurredAt,
      })
      .from(complianceViolations)
      .where(
        and(eq(complianceViolations.entityType, 'stock'), gte(complianceViolations.occurredAt, sinceDate)),
      );
  }

  // ---- alerts

  async insertAlerts(rows: NewAlertRow[]): Promise<AlertRow[]> {
    if (rows.length === 0) return [];
    return this.db.insert(complianceAlerts).values(rows).onConflictDoNothing().returning();
  }

  async alerts(filter: { severity?: string | undefined; since: Date }): Promise<AlertRow[]> {
    const conditions: SQL[] = [gte(complianceAlerts.createdAt, filter.since)];
    if (filter.severity) conditions.push(eq(complianceAlerts.severity, filter.severity));
    return this.db
      .select()
      .from(complianceAlerts)
      .where(and(...conditions))
      .orderBy(desc(complianceAlerts.createdAt))
      .limit(500);
  }

  async alert(id: string): Promise<AlertRow | null> {
    const [row] = await this.db.select().from(complianceAlerts).where(eq(complianceAlerts.id, id));
    return row ?? null;
  }

  /** Sets the acknowledgement once: a second call changes nothing and returns null. */
  async acknowledgeAlert(id: string, by: string, at: Date): Promise<AlertRow | null> {
    const [row] = await this.db
      .update(complianceAlerts)
      .set({ acknowledgedAt: at, acknowledgedBy: by })
      .where(and(eq(complianceAlerts.id, id), isNull(complianceAlerts.acknowledgedAt)))
      .returning();
    return row ?? null;
  }

  /** Marks unacknowledged alerts past their deadline as escalated; returns them. */
  async escalateOverdue(now: Date): Promise<AlertRow[]> {
    return this.db
      .update(complianceAlerts)
      .set({ escalatedAt: now })
      .where(
        and(
          isNull(complianceAlerts.acknowledgedAt),
          isNull(complianceAlerts.escalatedAt),
          lt(complianceAlerts.ackDeadlineAt, now),
        ),
      )
      .returning();
  }

  async alertCounts(now: Date): Promise<{ active: number; critical: number; overdue: number }> {
    const active = isNull(complianceAlerts.acknowledgedAt);
    const [a] = await this.db.select({ n: count() }).from(complianceAlerts).where(active);
    const [c] = await this.db
      .select({ n: count() })
      .from(complianceAlerts)
      .where(and(active, eq(complianceAlerts.severity, 'critical')));
    const [o] = await this.db
      .select({ n: count() })
      .from(complianceAlerts)
      .where(and(active, lt(complianceAlerts.ackDeadlineAt, now)));
    return { active: a?.n ?? 0, critical: c?.n ?? 0, overdue: o?.n ?? 0 };
  }

  // ---- risks

  async risks(): Promise<RiskRow[]> {
    return this.db.select().from(complianceRisks).orderBy(desc(complianceRisks.updatedAt));
  }

  async risk(id: string): Promise<RiskRow | null> {
    const [row] = await this.db.select().from(complianceRisks).where(eq(complianceRisks.id, id));
    return row ?? null;
  }

  async insertRisk(row: NewRiskRow): Promise<RiskRow> {
    const [inserted] = await this.db.insert(complianceRisks).values(row).returning();
    if (!inserted) throw new Error('risk insert returned no row');
    return inserted;
  }

  async updateRisk(id: string, patch: Partial<NewRiskRow>): Promise<RiskRow | null> {
    const [row] = await this.db
      .update(complianceRisks)
      .set(patch)
      .where(eq(complianceRisks.id, id))
      .returning();
    return row ?? null;
  }

  async hasDemoRisks(): Promise<boolean> {
    const [row] = await this.db
      .select({ n: count() })
      .from(complianceRisks)
      .where(eq(complianceRisks.isDemo, true));
    return (row?.n ?? 0) > 0;
  }

  // ---- runs

  async startRun(trigger: string, at: Date): Promise<string> {
    const [row] = await this.db
      .insert(complianceRuns)
      .values({ trigger, startedAt: at })
      .returning({ id: complianceRuns.id });
    return row!.id;
  }

  async finishRun(
    id: string,
    at: Date,
    newViolations: number,
    byRule: Record<string, number>,
  ): Promise<void> {
    await this.db
      .update(complianceRuns)
      .set({ finishedAt: at, newViolations, byRule })
      .where(eq(complianceRuns.id, id));
  }

  /** Finish time of the latest finished run of each trigger. */
  async lastRunByTrigger(): Promise<Map<string, Date>> {
    const rows = await this.db
      .select({ trigger: complianceRuns.trigger, at: max(complianceRuns.finishedAt) })
      .from(complianceRuns)
      .where(sql`${complianceRuns.finishedAt} is not null`)
      .groupBy(complianceRuns.trigger);
    return new Map(rows.filter((r) => r.at !== null).map((r) => [r.trigger, new Date(r.at!)]));
  }

  /** Violations detected since `since`, counted by rule. */
  async violationCountsByRule(since: Date): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ code: complianceViolations.ruleCode, n: count() })
      .from(complianceViolations)
      .where(gte(complianceViolations.detectedAt, since))
      .groupBy(complianceViolations.ruleCode);
    return new Map(rows.map((r) => [r.code, r.n]));
  }

  async lastRun(): Promise<RunRow | null> {
    const [row] = await this.db
      .select()
      .from(complianceRuns)
      .where(sql`${complianceRuns.finishedAt} is not null`)
      .orderBy(desc(complianceRuns.finishedAt))
      .limit(1);
    return row ?? null;
  }
}
