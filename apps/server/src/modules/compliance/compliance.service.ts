import {
  ALERT_ACK_DEADLINE_HOURS,
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
import type { DailyBar } from '@bist/market';
import type { AdminActor, RequestMeta } from '@/lib/actor';
import type { Clock } from '@/lib/clock';
import type { DbExecutor } from '@/db/executor';
import { BadRequestError, ConflictError, NotFoundError } from '@/lib/errors';
import type { MarketData } from '@/market/market-data';
import type { AdminUsersService } from '@/modules/admin-users/admin-users.service';
import type { AuditService } from '@/modules/audit/audit.service';
import type {
  AlertRow,
  ComplianceRepository,
  NewViolationRow,
  RiskRow,
  RuleRow,
  ViolationRow,
} from './compliance.repository.ts';
import { DEMO_RISKS } from './demo-risks.ts';
import { CoalescingTrigger, triggersPlatformRules, type TimerPort } from './run-triggers.ts';
import type { PlatformEvent } from './rules/audit-events.ts';
import { bruteForce, type BruteForceParams } from './rules/brute-force.ts';
import { bulkExport, type BulkExportParams } from './rules/bulk-export.ts';
import { RULE_CATALOGUE, parameterSpecs, ruleDefinition, type RuleCategory } from './rules/catalogue.ts';
import { concentration, type ConcentrationParams } from './rules/concentration.ts';
import type { SymbolDailyBars } from './rules/daily-series.ts';
import { dormantStaff, type DormantStaffParams } from './rules/dormant-staff.ts';
import type { Finding } from './rules/finding.ts';
import type { InvestorTrade } from './rules/investor-trades.ts';
import { largeTrades, type LargeTradeParams } from './rules/large-trade.ts';
import { scanDailyMarketRules } from './rules/market-scan.ts';
import { markingTheClose, type MarkingTheCloseParams } from './rules/marking-the-close.ts';
import { offHoursSignIn, type OffHoursSignInParams } from './rules/off-hours-sign-in.ts';
import { preSignalTrading, type PreSignalTradingParams } from './rules/pre-signal-trading.ts';
import { privilegeChange, type PrivilegeChangeParams } from './rules/privilege-change.ts';
import { sameDayRoundTrips, type RoundTripParams } from './rules/round-trip.ts';
import { settingsChange } from './rules/settings-change.ts';

const DAY_MS = 86_400_000;
/** Daily bars read for a run: enough for the 30-day volume baseline and the pump-and-dump windows. */
const BAR_HISTORY_DAYS = 120;
/** A run stores what happened in this many recent days at most (older findings were the business of earlier runs). */
const FINDING_LOOKBACK_DAYS = 30;
/**
 * A run stores what happened since the previous run that covered the same rules, less this margin (late data); a first
 * run — nothing covered those rules yet — stores this many recent days only, not a month of history nobody watched.
 */
const FINDING_OVERLAP_DAYS = 7;
/** Audit events read for the platform rules. */
const PLATFORM_LOOKBACK_DAYS = 7;
const PLATFORM_EVENT_LIMIT = 5_000;
/** Istanbul is UTC+3 all year. */
const ISTANBUL_OFFSET_MS = 3 * 3_600_000;
/** Continuous trading ends at 18:00 Istanbul; a session whose last minute bar is from 17:55 on reached its close. */
const SESSION_CLOSE_MINUTE = 17 * 60 + 55;

export interface StaffAction {
  actor: AdminActor;
  meta: RequestMeta;
}

export interface ComplianceLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * Where a run comes from: the pg-boss schedule, a staff member, the first start (all rules), an audit entry the
 * platform rules read (platform rules only) or a closed minute bar of the feed (market rules only).
 */
export type RunTrigger = 'schedule' | 'on_demand' | 'start' | 'audit_event' | 'minute_bar';

/** The rule categories a run of each trigger covers. */
export const RUN_SCOPE: Record<RunTrigger, readonly RuleCategory[]> = {
  schedule: ['market', 'investor', 'platform'],
  on_demand: ['market', 'investor', 'platform'],
  start: ['market', 'investor', 'platform'],
  audit_event: ['platform'],
  minute_bar: ['market'],
};

/** How long an event-driven run waits for more events of its burst (one run per burst). */
export const EVENT_RUN_DELAY_MS = { audit_event: 2_000, minute_bar: 5_000 } as const;

export interface RunSummary {
  newViolations: number;
  byRule: Record<string, number>;
}

/** Sends a run to the job queue (pg-boss); null when this process has none (the run then happens at once). */
export interface ComplianceRunQueue {
  send(trigger: RunTrigger): Promise<string | null>;
}

export interface ComplianceServiceDeps {
  repo: ComplianceRepository;
  audit: AuditService;
  adminUsers: AdminUsersService;
  market: MarketData;
  clock: Clock;
  log: ComplianceLogger;
  demoMode: boolean;
  queue?: ComplianceRunQueue | null;
  /** Timers of the event-driven runs (tests fire them by hand). */
  timers?: TimerPort;
}

/** The allowed moves of the violation workflow; staying in a non-final state (new assignee or notes) is allowed too. */
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

/**
 * From which date (ISO day) a run starting at `started` stores the findings of each rule category: the previous finished
 * run covering that category less FINDING_OVERLAP_DAYS, at most FINDING_LOOKBACK_DAYS back; FINDING_OVERLAP_DAYS back
 * when no run covered it yet (a fresh start).
 */
export function findingWindowStarts(
  started: Date,
  lastRunByTrigger: ReadonlyMap<string, Date>,
): Record<RuleCategory, string> {
  const out = {} as Record<RuleCategory, string>;
  const floor = started.getTime() - FINDING_LOOKBACK_DAYS * DAY_MS;
  for (const category of ['market', 'investor', 'platform'] as const) {
    const covered = Object.entries(RUN_SCOPE)
      .filter(([trigger, scope]) => scope.includes(category) && lastRunByTrigger.has(trigger))
      .map(([trigger]) => lastRunByTrigger.get(trigger)!.getTime());
    const previous = covered.length > 0 ? Math.max(...covered) : started.getTime();
    out[category] = isoDate(new Date(Math.max(floor, previous - FINDING_OVERLAP_DAYS * DAY_MS)));
  }
  return out;
}

/** When an alert of this severity must be acknowledged by. */
export function ackDeadline(createdAt: Date, severity: ComplianceSeverity): Date {
  return new Date(createdAt.getTime() + ALERT_ACK_DEADLINE_HOURS[severity] * 3_600_000);
}

/** Violations that raise an alert: high and critical ones, and every platform one (security events). */
export function raisesAlert(severity: ComplianceSeverity, category: RuleCategory): boolean {
  return category === 'platform' || severity === 'critical' || severity === 'high';
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Whether a minute bar is from the session's closing minutes (17:55 Istanbul or later). */
function reachedClose(minute: Date): boolean {
  const local = new Date(minute.getTime() + ISTANBUL_OFFSET_MS);
  return local.getUTCHours() * 60 + local.getUTCMinutes() >= SESSION_CLOSE_MINUTE;
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

/**
 * Compliance & risk: runs the surveillance rules and stores what they find, the violation workflow, alerts with
 * acknowledgement deadlines, the risk register and the compliance view of the audit log. Every staff change is
 * audited (event type compliance_check) in the same transaction as the change.
 */
/** The market rules that read daily bars (the other, marking the close, reads the latest session's minute bars). */
const DAILY_MARKET_RULES = [
  'MKT_PRICE_LIMIT_STREAK',
  'MKT_VOLUME_SPIKE',
  'MKT_PUMP_AND_DUMP',
  'MKT_SECTOR_RELATIVE_MOVE',
] as const;

export class ComplianceService {
  private readonly triggers: Record<'audit_event' | 'minute_bar', CoalescingTrigger>;
  /**
   * What the last daily scan read (newest daily bar, the daily rules' versions) and whether its bars were simulated.
   * Daily bars are written after the session, so the minute-bar runs of a session skip a scan whose input is
   * unchanged (it would find only what dedup drops); every other run scans.
   */
  private lastDailyScan: { key: string; demo: boolean } | null = null;

  constructor(private readonly deps: ComplianceServiceDeps) {
    const trigger = (name: 'audit_event' | 'minute_bar') =>
      new CoalescingTrigger(
        () => this.runFor(name),
        EVENT_RUN_DELAY_MS[name],
        (error) => this.deps.log.warn({ err: error, trigger: name }, 'event-driven compliance run failed'),
        deps.timers,
      );
    this.triggers = { audit_event: trigger('audit_event'), minute_bar: trigger('minute_bar') };
  }

  // ---- event-driven runs

  /**
   * An audit entry was written: when the platform rules read its action, a run of the platform rules follows shortly
   * (one per burst). Never waits and never throws: the request that wrote the entry is not held up.
   */
  noteAuditEvent(action: string): void {
    if (triggersPlatformRules(action)) this.triggers.audit_event.poke();
  }

  /** The feed closed a minute bar: a run of the market rules follows shortly (one per burst). */
  noteMinuteBar(): void {
    this.triggers.minute_bar.poke();
  }

  /** Runs what the event triggers have armed now instead of after their delay (tests). */
  async flushEventRuns(): Promise<void> {
    for (const t of Object.values(this.triggers)) if (t.armed) await t.flush();
  }

  /** Whether an event-driven run is armed. */
  eventRunArmed(trigger: 'audit_event' | 'minute_bar'): boolean {
    return this.triggers[trigger].armed;
  }

  stopEventRuns(): void {
    for (const t of Object.values(this.triggers)) t.stop();
  }

  /** Through the job queue when this process has one, else here. */
  private async runFor(trigger: RunTrigger): Promise<void> {
    const jobId = this.deps.queue ? await this.deps.queue.send(trigger) : null;
    if (!jobId) await this.run(trigger);
  }

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

  // ---- running the rules

  /** Asks for a run: through the job queue when this process has one, else at once. Audited (staff asked). */
  async requestRun(staff: StaffAction): Promise<{ queued: boolean; summary: RunSummary | null }> {
    await this.deps.audit.record({
      eventType: 'compliance_check',
      action: 'compliance_rules_run_requested',
      actor: staff.actor,
      meta: staff.meta,
    });
    const jobId = this.deps.queue ? await this.deps.queue.send('on_demand') : null;
    if (jobId) return { queued: true, summary: null };
    return { queued: false, summary: await this.run('on_demand') };
  }

  /**
   * Runs every enabled rule over recent data and stores new violations (one per rule, entity and window) with an
   * alert where due, then escalates overdue alerts.
   */
  async run(trigger: RunTrigger): Promise<RunSummary> {
    const started = this.now();
    const runId = await this.repo.startRun(trigger, started);
    const scope = RUN_SCOPE[trigger];
    const rules = new Map(
      (await this.repo.rules())
        .filter((r) => r.enabled && scope.includes(r.category as RuleCategory))
        .map((r) => [r.code, r]),
    );
    const covers = (category: RuleCategory) => scope.includes(category);
    const params = <T>(code: string): T | undefined => rules.get(code)?.parameters as T | undefined;
    const since = isoDate(new Date(started.getTime() - FINDING_LOOKBACK_DAYS * DAY_MS));
    const storeSince = findingWindowStarts(started, await this.repo.lastRunByTrigger());
    const findings = new Map<string, Finding[]>();
    const add = (code: string, list: Finding[]) => {
      const from = storeSince[ruleDefinition(code)?.category ?? 'market'];
      findings.set(code, [...(findings.get(code) ?? []), ...list.filter((f) => f.occurredAt >= from)]);
    };

    // Market: daily rules on stored bars; marking the close on the latest session's minute bars.
    let demo = false;
    if (covers('market')) {
      const key = [
        await this.repo.latestDailyDate(),
        ...DAILY_MARKET_RULES.map((code) => `${code}:${rules.get(code)?.version ?? 'off'}`),
      ].join('|');
      if (trigger === 'minute_bar' && this.lastDailyScan?.key === key) {
        demo = this.lastDailyScan.demo;
      } else {
        const daily = await this.dailySeries(
          isoDate(new Date(started.getTime() - BAR_HISTORY_DAYS * DAY_MS)),
        );
        demo = daily.demo;
        const found = scanDailyMarketRules(daily.series, {
          MKT_PRICE_LIMIT_STREAK: params('MKT_PRICE_LIMIT_STREAK'),
          MKT_VOLUME_SPIKE: params('MKT_VOLUME_SPIKE'),
          MKT_PUMP_AND_DUMP: params('MKT_PUMP_AND_DUMP'),
          MKT_SECTOR_RELATIVE_MOVE: params('MKT_SECTOR_RELATIVE_MOVE'),
        });
        for (const [code, list] of found) add(code, list);
        this.lastDailyScan = { key, demo };
      }
      const closing = params<MarkingTheCloseParams>('MKT_MARKING_THE_CLOSE');
      if (closing) add('MKT_MARKING_THE_CLOSE', await this.markingTheClose(closing));
    }

    // Investor: our users' recorded trades and positions.
    const trades = covers('investor') ? await this.trades(since) : [];
    const roundTrip = params<RoundTripParams>('INV_SAME_DAY_ROUND_TRIP');
    if (roundTrip) add('INV_SAME_DAY_ROUND_TRIP', sameDayRoundTrips(trades, roundTrip));
    const large = params<LargeTradeParams>('INV_LARGE_TRADE');
    if (large) add('INV_LARGE_TRADE', largeTrades(trades, large));
    const conc = params<ConcentrationParams>('INV_CONCENTRATION');
    if (conc) add('INV_CONCENTRATION', concentration(await this.holdings(), isoDate(started), conc));

    // Platform: the audit log and the staff accounts.
    const events = covers('platform')
      ? await this.platformEvents(new Date(started.getTime() - PLATFORM_LOOKBACK_DAYS * DAY_MS))
      : [];
    const platformRules: [string, (p: never) => Finding[]][] = [
      ['PLT_BRUTE_FORCE', (p: BruteForceParams) => bruteForce(events, p)],
      ['PLT_OFF_HOURS_SIGN_IN', (p: OffHoursSignInParams) => offHoursSignIn(events, p)],
      ['PLT_PRIVILEGE_CHANGE', (p: PrivilegeChangeParams) => privilegeChange(events, p)],
      ['PLT_BULK_EXPORT', (p: BulkExportParams) => bulkExport(events, p)],
      ['PLT_SETTINGS_CHANGE', () => settingsChange(events)],
    ];
    for (const [code, rule] of platformRules) {
      const p = params<never>(code);
      if (p !== undefined) add(code, rule(p));
    }
    const dormant = params<DormantStaffParams>('PLT_DORMANT_STAFF');
    if (dormant)
      add('PLT_DORMANT_STAFF', dormantStaff(await this.staffAccounts(), started.toISOString(), dormant));

    const byRule: Record<string, number> = {};
    let total = 0;
    const stored = await this.store(findings, rules, demo);
    // Trading shortly before a market rule fired, on the market violations stored so far.
    const preSignal = params<PreSignalTradingParams>('INV_PRE_SIGNAL_TRADING');
    if (preSignal) {
      const signals = (await this.repo.marketSignals(since)).map((s) => ({
        ruleCode: s.ruleCode,
        symbol: s.entityId,
        date: s.occurredAt.slice(0, 10),
      }));
      const more = await this.store(
        new Map([['INV_PRE_SIGNAL_TRADING', preSignalTrading(trades, signals, preSignal)]]),
        rules,
        false,
      );
      for (const [code, n] of more) stored.set(code, n);
    }
    for (const [code, n] of stored) {
      byRule[code] = n;
      total += n;
    }
    const escalated = await this.repo.escalateOverdue(this.now());
    if (escalated.length > 0)
      this.deps.log.warn({ alerts: escalated.map((a) => a.id) }, 'compliance alerts escalated');
    await this.repo.finishRun(runId, this.now(), total, byRule);
    this.deps.log.info({ trigger, newViolations: total, byRule }, 'compliance rules ran');
    return { newViolations: total, byRule };
  }

  private async store(
    findings: Map<string, Finding[]>,
    rules: Map<string, RuleRow>,
    demo: boolean,
  ): Promise<Map<string, number>> {
    const now = this.now();
    const counts = new Map<string, number>();
    for (const [code, list] of findings) {
      const rule = rules.get(code);
      if (!rule || list.length === 0) continue;
      const rows: NewViolationRow[] = list.map((f) => ({
        ruleCode: code,
        ruleVersion: rule.version,
        severity: rule.severity,
        status: 'open',
        entityType: f.entityType,
        entityId: f.entityId,
        windowKey: f.windowKey,
        description: f.description,
        evidence: f.evidence,
        occurredAt: f.occurredAt,
        detectedAt: now,
        history: [],
        isDemo: demo && rule.category === 'market',
        updatedAt: now,
      }));
      const inserted = await this.repo.insertViolations(rows);
      counts.set(code, inserted.length);
      const severity = rule.severity as ComplianceSeverity;
      const category = rule.category as RuleCategory;
      if (!raisesAlert(severity, category)) continue;
      await this.repo.insertAlerts(
        inserted.map((v) => ({
          violationId: v.id,
          source: category,
          severity,
          title: `${rule.name}: ${v.entityId}`,
          description: v.description,
          createdAt: now,
          ackDeadlineAt: ackDeadline(now, severity),
        })),
      );
    }
    return counts;
  }

  private async dailySeries(fromDate: string): Promise<{ series: SymbolDailyBars[]; demo: boolean }> {
    const rows = await this.repo.dailyBarsSince(fromDate);
    const bySymbol = new Map<string, DailyBar[]>();
    let demo = false;
    for (const row of rows) {
      if (!this.deps.market.hasStock(row.symbol)) continue;
      if (row.source === 'simulated') demo = true;
      const list = bySymbol.get(row.symbol) ?? [];
      list.push(row);
      bySymbol.set(row.symbol, list);
    }
    return { series: [...bySymbol].map(([symbol, bars]) => ({ symbol, bars })), demo };
  }

  private async markingTheClose(params: MarkingTheCloseParams): Promise<Finding[]> {
    // Mid-session (the usual case of a minute-bar run) no symbol has reached the close: skip reading the session.
    const latest = await this.repo.latestMinute();
    if (!latest || !reachedClose(latest)) return [];
    const rows = await this.repo.latestSessionMinutes();
    const bySymbol = new Map<string, typeof rows>();
    for (const row of rows) bySymbol.set(row.symbol, [...(bySymbol.get(row.symbol) ?? []), row]);
    const findings: Finding[] = [];
    for (const [symbol, bars] of bySymbol) {
      if (!this.deps.market.hasStock(symbol)) continue;
      const session = bars.map((b) => ({
        at: b.minute.toISOString(),
        openTry: b.openTry,
        highTry: b.highTry,
        lowTry: b.lowTry,
        closeTry: b.closeTry,
        volumeShares: b.volumeShares,
      }));
      const lastMinute = bars[bars.length - 1]!.minute;
      // Only a session that reached its close: mid-session, the last minutes are not the close.
      if (!reachedClose(lastMinute)) continue;
      const date = isoDate(new Date(lastMinute.getTime() + ISTANBUL_OFFSET_MS));
      findings.push(...markingTheClose({ symbol, date, bars: session }, params));
    }
    return findings;
  }

  private async trades(fromDate: string): Promise<InvestorTrade[]> {
    const rows = await this.repo.tradesSince(fromDate);
    return rows
      .filter((r) => r.symbol && r.quantity !== null && r.priceTry !== null)
      .map((r) => ({
        id: r.id,
        userId: r.userId,
        type: r.type as 'buy' | 'sell',
        tradeDate: r.tradeDate,
        symbol: r.symbol!,
        quantity: r.quantity!,
        priceTry: r.priceTry!,
      }));
  }

  private async holdings() {
    const byUser = new Map<string, { symbol: string; marketValueTry: number }[]>();
    for (const p of await this.repo.netPositions()) {
      const price = this.deps.market.quote(p.symbol)?.priceTry;
      if (price === undefined) continue;
      byUser.set(p.userId, [
        ...(byUser.get(p.userId) ?? []),
        { symbol: p.symbol, marketValueTry: p.quantity * price },
      ]);
    }
    return [...byUser].map(([userId, holdings]) => ({ userId, holdings }));
  }

  private async platformEvents(from: Date): Promise<PlatformEvent[]> {
    const { entries } = await this.deps.audit.list({
      page: 1,
      limit: PLATFORM_EVENT_LIMIT,
      from: from.toISOString(),
    });
    return entries.reverse().map((e) => ({
      id: e.id,
      eventType: e.event_type,
      action: e.action,
      userId: e.user_id,
      userEmail: e.user_email,
      entityType: e.entity_type,
      entityId: e.entity_id,
      before: e.before,
      after: e.after,
      details: e.details,
      ip: e.ip,
      at: e.timestamp,
    }));
  }

  private async staffAccounts() {
    const users = await this.deps.adminUsers.list({ status: 'all' });
    return users.map((u) => ({
      id: u.id,
      email: u.email,
      role: u.role,
      isActive: u.is_active,
      lastLoginAt: u.last_login,
      createdAt: u.created_at,
    }));
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
