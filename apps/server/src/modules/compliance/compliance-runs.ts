// The surveillance runs of compliance (decision 0059): the rules over recent market, investor and platform data,
// run on a schedule, on demand and on the events the rules read; what they find is stored as violations and alerts.
import { ALERT_ACK_DEADLINE_HOURS, type ComplianceSeverity } from '@bist/contracts';
import type { DailyBar } from '@bist/market';
import type { AdminActor, RequestMeta } from '@/lib/actor';
import type { Clock } from '@/lib/clock';
import type { MarketData } from '@/market/market-data';
import type { MarketRepository } from '@/market/market.repository';
import type { AdminUsersService } from '@/modules/admin-users/admin-users.service';
import type { AuditService } from '@/modules/audit/audit.service';
import { ClosingScan } from './closing-scan.ts';
import type { ComplianceRepository, NewViolationRow, RuleRow } from './compliance.repository.ts';
import { CoalescingTrigger, triggersPlatformRules, type TimerPort } from './run-triggers.ts';
import type { PlatformEvent } from './rules/audit-events.ts';
import { bruteForce, type BruteForceParams } from './rules/brute-force.ts';
import { bulkExport, type BulkExportParams } from './rules/bulk-export.ts';
import { ruleDefinition, type RuleCategory } from './rules/catalogue.ts';
import { concentration, type ConcentrationParams } from './rules/concentration.ts';
import type { SymbolDailyBars } from './rules/daily-series.ts';
import { dormantStaff, type DormantStaffParams } from './rules/dormant-staff.ts';
import type { Finding } from './rules/finding.ts';
import type { InvestorTrade } from './rules/investor-trades.ts';
import { largeTrades, type LargeTradeParams } from './rules/large-trade.ts';
import { scanDailyMarketRules } from './rules/market-scan.ts';
import type { MarkingTheCloseParams } from './rules/marking-the-close.ts';
import { offHoursSignIn, type OffHoursSignInParams } from './rules/off-hours-sign-in.ts';
import { preSignalTrading, type PreSignalTradingParams } from './rules/pre-signal-trading.ts';
import { privilegeChange, type PrivilegeChangeParams } from './rules/privilege-change.ts';
import { sameDayRoundTrips, type RoundTripParams } from './rules/round-trip.ts';
import { settingsChange } from './rules/settings-change.ts';

export const DAY_MS = 86_400_000;
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

/** What the market rules read of the stored bars (the market engine's repository implements it). */
export type ComplianceBarReads = Pick<
  MarketRepository,
  'stockBarsSince' | 'latestStockDailyDate' | 'newestMinute' | 'minuteBarsFrom'
>;

/** What the investor rules read of the ledgers (the portfolio's repository implements it). */
export interface ComplianceLedgerReads {
  tradesSince(fromDate: string): Promise<
    {
      id: number;
      userId: string;
      type: string;
      tradeDate: string;
      symbol: string | null;
      quantity: number | null;
      priceTry: number | null;
    }[]
  >;
  netPositions(): Promise<{ userId: string; symbol: string; quantity: number }[]>;
}

export interface ComplianceRunsDeps {
  repo: ComplianceRepository;
  bars: ComplianceBarReads;
  ledger: ComplianceLedgerReads;
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

/** The market rules that read daily bars (the other, marking the close, reads the latest session's minute bars). */
const DAILY_MARKET_RULES = [
  'MKT_PRICE_LIMIT_STREAK',
  'MKT_VOLUME_SPIKE',
  'MKT_PUMP_AND_DUMP',
  'MKT_SECTOR_RELATIVE_MOVE',
] as const;

/**
 * Compliance surveillance: runs the enabled rules over recent data — on the schedule, on demand (audited), at the first
 * start and debounced on the audit events and minute bars the rules read — and stores new violations (one per rule,
 * entity and window) with an alert where due. The violation workflow, alerts, risks and rules are ComplianceService's.
 */
export class ComplianceRuns {
  private readonly triggers: Record<'audit_event' | 'minute_bar', CoalescingTrigger>;
  /**
   * What the last daily scan read (newest daily bar, the daily rules' versions) and whether its bars were simulated.
   * Daily bars are written after the session, so the minute-bar runs of a session skip a scan whose input is
   * unchanged (it would find only what dedup drops); every other run scans.
   */
  private lastDailyScan: { key: string; demo: boolean } | null = null;
  /** Marking the close, kept folded between the minute-bar runs (each reads only the new minutes). */
  private readonly closingScan: ClosingScan;

  constructor(private readonly deps: ComplianceRunsDeps) {
    this.closingScan = new ClosingScan(deps.bars, (symbol) => deps.market.hasStock(symbol));
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

    // Market: daily rules on stored bars; marking the close on the latest session's minute bars (a minute-bar run
    // reads only the minutes stored since the previous one).
    let demo = false;
    if (covers('market')) {
      const key = [
        await this.deps.bars.latestStockDailyDate(),
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
      if (closing)
        add('MKT_MARKING_THE_CLOSE', await this.closingScan.findings(closing, trigger === 'minute_bar'));
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
    const rows = await this.deps.bars.stockBarsSince(fromDate);
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

  private async trades(fromDate: string): Promise<InvestorTrade[]> {
    const rows = await this.deps.ledger.tradesSince(fromDate);
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
    for (const p of await this.deps.ledger.netPositions()) {
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
}
