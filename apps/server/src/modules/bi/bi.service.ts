import { createHash, randomBytes } from 'node:crypto';
import {
  BI_EXPORT_TYPES,
  BI_PARTS,
  PROJECTION_METHOD_TEXT,
  SUBSCRIPTION_PLANS,
  type BiExportType,
  type BiMrrDrilldown,
  type BiSignupDrilldown,
  type BiOverview,
  type BiPerformance,
  type BiQuery,
  type BiRealtime,
  type BiRevenue,
  type BiUsers,
  type BiDataSource,
  type DashboardRoleView,
  type BiPart,
  type EventBatch,
  type KeyMetric,
} from '@bist/contracts';
import { addCalendarDays, istanbulDate, istanbulInstant } from '@bist/market';
import type { AdminActor, RequestMeta } from '@/lib/actor';
import type { Clock } from '@/lib/clock';
import type { AuditService } from '@/modules/audit/audit.service';
import { csvDocument } from '@/lib/csv-writer';
import { AppError, BadRequestError } from '@/lib/errors';
import type { RequestCounters, RequestMetricsCollector, RequestSeries } from '@/plugins/request-metrics';
import type { BiRepository, EventRow } from './bi.repository.ts';
import { demoHistory } from './demo-history.ts';
import {
  activeUsers,
  arpu,
  dayCount,
  daysBetween,
  endpointStats,
  healthMetrics,
  monthOf,
  monthStart,
  mrrAt,
  mrrMovementRows,
  mrrMovements,
  nextMonth,
  percentChange,
  retentionCohorts,
  activation,
  ACTIVATION_EVENTS,
  ACTIVATION_WINDOW_DAYS,
  revenueByDay,
  revenueByPlan,
  revenueProjection,
  revenueRetention,
  topCounts,
  lira,
} from './metrics.ts';

export interface BiServiceDeps {
  repo: BiRepository;
  clock: Clock;
  /** This process's request counters (drained into the database once a minute). */
  requestMetrics: RequestMetricsCollector;
  audit: AuditService;
  /** Seed of the demo history (the market seed: one seed derivation). */
  demoSeed: number;
}

/** A resolved period: Istanbul days from/to (both included) and the instants [start, end). */
export interface Period {
  from: string;
  to: string;
  days: number;
  start: Date;
  end: Date;
}

/** Longest from/to range, days. */
const MAX_RANGE_DAYS = 366;

/** Who sent a batch of events: used for the salted hashes, never stored. */
export interface EventSender {
  userId: string | null;
  ip: string;
  userAgent: string;
}

/**
 * Business intelligence: captures product activity and answers the BI dashboard's figures (the subscriptions and
 * payments it reads are SubscriptionService's).
 */
export class BiService {
  private salt: { day: string; value: string } | null = null;
  /** Whether the demo history was seeded (once true, it stays so). */
  private demoSeeded = false;

  constructor(private readonly deps: BiServiceDeps) {}

  /**
   * Stores the request counters of every finished minute (with `includeCurrent`, the running one too: at shutdown).
   * On failure the counters are kept for the next flush.
   */
  async flushRequestMetrics(includeCurrent = false): Promise<number> {
    const series = this.deps.requestMetrics.drain(includeCurrent);
    try {
      await this.deps.repo.insertRequestSeries(series);
    } catch (error) {
      this.deps.requestMetrics.restore(series);
      throw error;
    }
    return series.length;
  }

  /** Seeds the labelled demo history once (demo mode with BI_DEMO_SEED on). Returns whether it seeded. */
  async seedDemoHistory(): Promise<boolean> {
    if (await this.deps.repo.hasDemoSeed()) return false;
    const history = demoHistory(this.deps.demoSeed, this.deps.clock.now());
    await this.deps.repo.insertSubscriptionEvents(history.subscriptionEvents);
    await this.deps.repo.insertPayments(history.payments);
    await this.deps.repo.insertEvents(history.events);
    // Sign-ups last: their presence marks the seed as done.
    await this.deps.repo.insertSignups(history.signups);
    this.demoSeeded = true;
    return true;
  }

  /**
   * The one population a query's figures count (demo and live never mix in one figure): the one asked for, else the
   * demo history once it is seeded (the dashboard's story in demo mode), else live.
   */
  async sourceOf(query: { source?: BiDataSource | undefined }): Promise<BiDataSource> {
    if (query.source) return query.source;
    if (!this.demoSeeded) this.demoSeeded = await this.deps.repo.hasDemoSeed();
    return this.demoSeeded ? 'demo' : 'live';
  }

  /** The visitor and session keys of a sender today: SHA-256 of the day's random salt with the address and agent. */
  private async keys(
    sender: EventSender,
    sessionId: string,
    now: Date,
  ): Promise<{ visitor: string; session: string }> {
    const day = istanbulDate(now);
    if (this.salt?.day !== day)
      this.salt = { day, value: await this.deps.repo.daySalt(day, randomBytes(32).toString('hex')) };
    const hash = (...parts: string[]) =>
      createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32);
    const visitor =
      sender.ip || sender.userAgent
        ? hash(this.salt.value, sender.ip, sender.userAgent)
        : hash(this.salt.value, 'user', sender.userId ?? '');
    return { visitor, session: hash(this.salt.value, visitor, sessionId) };
  }

  /** Stores a validated batch of product events (live). A signed-in sign_up also records the sign-up. */
  async ingest(batch: EventBatch, sender: EventSender): Promise<number> {
    const now = this.deps.clock.now();
    const { visitor, session } = await this.keys(sender, batch.session_id, now);
    const rows: EventRow[] = batch.events.map((e) => ({
      occurredAt: now,
      eventType: e.type,
      page: e.type === 'page_view' ? (e.page ?? null) : null,
      visitorKey: visitor,
      sessionKey: session,
      userId: sender.userId,
      source: 'live',
    }));
    await this.deps.repo.insertEvents(rows);
    if (sender.userId && batch.events.some((e) => e.type === 'sign_up'))
      await this.deps.repo.insertSignups([{ userId: sender.userId, signedUpAt: now, source: 'live' }]);
    return rows.length;
  }

  /**
   * Records an investor account's creation (registration or a demo login's new account) as a live sign-up and a
   * live `sign_up` event. The event's visitor and session keys are salted hashes of the user id (no request data).
   */
  async recordSignup(userId: string): Promise<void> {
    const now = this.deps.clock.now();
    const { visitor, session } = await this.keys({ userId, ip: '', userAgent: '' }, `signup:${userId}`, now);
    await this.deps.repo.insertSignups([{ userId, signedUpAt: now, source: 'live' }]);
    await this.deps.repo.insertEvents([
      {
        occurredAt: now,
        eventType: 'sign_up',
        page: null,
        visitorKey: visitor,
        sessionKey: session,
        userId,
        source: 'live',
      },
    ]);
  }

  /** The period of a query: 7/30/90 days ending today (default 30), or from/to (Istanbul days, both included). */
  period(query: Pick<BiQuery, 'period' | 'from' | 'to'>): Period {
    const now = this.deps.clock.now();
    const today = istanbulDate(now);
    let from: string;
    let to: string;
    if (query.from && query.to) {
      from = query.from;
      to = query.to;
      if (dayCount(from, to) > MAX_RANGE_DAYS)
        throw new BadRequestError(`from and to must be at most ${MAX_RANGE_DAYS} days apart`, 'from');
    } else {
      to = today;
      from = addCalendarDays(today, -(Number(query.period ?? '30') - 1));
    }
    const days = dayCount(from, to);
    const dayEnd = istanbulInstant(addCalendarDays(to, 1), 0);
    return { from, to, days, start: istanbulInstant(from, 0), end: dayEnd < now ? dayEnd : now };
  }

  /** Every MRR change up to `to`, as the metrics read them. */
  private async mrrChanges(to: Date) {
    const rows = await this.deps.repo.subscriptionEvents(to);
    return rows.map((r) => ({ userId: r.userId, at: r.occurredAt, mrrKurus: r.mrrKurus, source: r.source }));
  }

  /** The period of equal length just before `p`. */
  private previous(p: Period): Period {
    const to = addCalendarDays(p.from, -1);
    const from = addCalendarDays(to, -(p.days - 1));
    return { from, to, days: p.days, start: istanbulInstant(from, 0), end: p.start };
  }

  private sources(...rows: { source: string }[][]) {
    return {
      demo: rows.some((r) => r.some((x) => x.source === 'demo')),
      live: rows.some((r) => r.some((x) => x.source === 'live')),
    };
  }

  private userGrowth(p: Period, events: EventRow[], signups: { at: Date }[]) {
    const unique = new Map(daysBetween(p.from, p.to).map((d) => [d, new Set<string>()]));
    const signed = new Map(daysBetween(p.from, p.to).map((d) => [d, 0]));
    for (const e of events) unique.get(istanbulDate(e.occurredAt))?.add(e.userId ?? e.visitorKey);
    for (const s of signups) {
      const d = istanbulDate(s.at);
      if (signed.has(d)) signed.set(d, signed.get(d)! + 1);
    }
    return [...unique].map(([date, set]) => ({
      date,
      unique_users: set.size,
      signups: signed.get(date) ?? 0,
    }));
  }

  /** Request counters of [start, end): stored minutes plus this process's not yet stored ones. */
  private async requestCounters(start: Date, end: Date): Promise<RequestCounters[]> {
    const stored: RequestCounters[] = await this.deps.repo.requestTotals(start, end);
    const pending: RequestSeries[] = this.deps.requestMetrics
      .pending()
      .filter((s) => s.minute >= start && s.minute < end);
    return [...stored, ...pending];
  }

  /** The key metrics and trends of the parts `parts` names (the caller's, decision 0058), of one population. */
  async overview(query: BiQuery, parts: readonly BiPart[] = BI_PARTS): Promise<BiOverview> {
    const p = this.period(query);
    const prev = this.previous(p);
    const source = await this.sourceOf(query);
    const [allPayments, allChanges, allEvents, allSignups, counters, prevCounters] = await Promise.all([
      this.deps.repo.payments(prev.start, p.end),
      this.mrrChanges(p.end),
      this.deps.repo.events(new Date(prev.start.getTime() - 30 * 86_400_000), p.end),
      this.deps.repo.signups(p.end),
      this.requestCounters(p.start, p.end),
      this.requestCounters(prev.start, prev.end),
    ]);
    const payments = allPayments.filter((x) => x.source === source);
    const changes = allChanges.filter((x) => x.source === source);
    const events = allEvents.filter((x) => x.source === source);
    const signups = allSignups.filter((x) => x.source === source);
    const inRange = <T>(rows: T[], at: (r: T) => Date, r: Period) =>
      rows.filter((x) => at(x) >= r.start && at(x) < r.end);
    const revenue = (r: Period) =>
      inRange(payments, (x) => x.occurredAt, r).reduce((s, x) => s + x.amountKurus, 0);
    const mrr = (at: Date) => mrrAt(changes, at);
    const activity = events.filter((e) => e.userId).map((e) => ({ userId: e.userId!, at: e.occurredAt }));
    const active = (r: Period) => activeUsers(activity, new Date(r.end.getTime() - 1));
    const sessions = (r: Period) =>
      new Set(inRange(events, (x) => x.occurredAt, r).map((e) => e.sessionKey)).size;
    const nowMrr = mrr(p.end);
    const prevMrr = mrr(p.start);
    const health = healthMetrics(counters);
    const prevHealth = healthMetrics(prevCounters);
    const metric = (
      metric_name: string,
      metric_type: KeyMetric['metric_type'],
      category: KeyMetric['category'],
      value: number | null,
      previous: number | null,
      description: string,
    ): KeyMetric => ({
      metric_name,
      metric_type,
      category,
      metric_value: value,
      previous_value: previous,
      change_percent: percentChange(value, previous),
      description,
      // Request counters are measured by this server: live whatever population the rest counts.
      source: category === 'technical' ? 'live' : source,
    });
    const curActive = active(p);
    const prevActive = active(prev);
    const arpuNow = arpu(nowMrr.mrr, nowMrr.payingUsers);
    const arpuPrev = arpu(prevMrr.mrr, prevMrr.payingUsers);
    const partOf = (m: KeyMetric): BiPart =>
      m.category === 'revenue' ? 'revenue' : m.category === 'technical' ? 'performance' : 'users';
    const allowed = new Set(parts);
    return {
      period: { from: p.from, to: p.to, days: p.days },
      currency: 'TRY',
      sources: this.sources(allPayments, allEvents, allSignups),
      source,
      parts: BI_PARTS.filter((part) => allowed.has(part)),
      key_metrics: [
        metric(
          'Revenue',
          'currency',
          'revenue',
          lira(revenue(p)),
          lira(revenue(prev)),
          'Payments net of VAT and refunds in the period (TRY)',
        ),
        metric(
          'MRR',
          'currency',
          'revenue',
          lira(nowMrr.mrr),
          lira(prevMrr.mrr),
          'Monthly recurring revenue at the end of the period vs its start (TRY)',
        ),
        metric(
          'ARPU',
          'currency',
          'revenue',
          arpuNow === null ? null : lira(arpuNow),
          arpuPrev === null ? null : lira(arpuPrev),
          'MRR per paying investor (TRY)',
        ),
        metric(
          'Paying Investors',
          'number',
          'revenue',
          nowMrr.payingUsers,
          prevMrr.payingUsers,
          'Investors on a paid plan at the end of the period',
        ),
        metric(
          'New Sign-ups',
          'number',
          'users',
          inRange(signups, (x) => x.at, p).length,
          inRange(signups, (x) => x.at, prev).length,
          'Investors who signed up in the period',
        ),
        metric(
          'Monthly Active Users',
          'number',
          'users',
          curActive.mau,
          prevActive.mau,
          'Investors active in the 30 days to the end of the period',
        ),
        metric(
          'Stickiness (DAU/MAU)',
          'percentage',
          'engagement',
          curActive.stickiness,
          prevActive.stickiness,
          'Average daily active over monthly active investors: the same investors over the same 30 days',
        ),
        metric(
          'Sessions',
          'number',
          'engagement',
          sessions(p),
          sessions(prev),
          'Distinct sessions with at least one event',
        ),
        metric(
          'API Success Rate',
          'percentage',
          'technical',
          health.success_rate,
          prevHealth.success_rate,
          'API answers without a server error (5xx), measured',
        ),
        metric(
          'Avg Response Time (ms)',
          'number',
          'technical',
          health.total_requests ? health.avg_response_time : null,
          prevHealth.total_requests ? prevHealth.avg_response_time : null,
          'Mean API response time, measured',
        ),
      ].filter((m) => allowed.has(partOf(m))),
      revenue_trend: !allowed.has('revenue')
        ? []
        : revenueByDay(
            inRange(payments, (x) => x.occurredAt, p).map((x) => ({
              at: x.occurredAt,
              planId: x.planId,
              amountKurus: x.amountKurus,
            })),
            p.from,
            p.to,
          ).map((d) => ({ date: d.date, total_revenue: lira(d.total_revenue) })),
      user_growth: !allowed.has('users')
        ? []
        : this.userGrowth(
            p,
            inRange(events, (x) => x.occurredAt, p),
            signups,
          ),
    };
  }

  async revenue(query: BiQuery): Promise<BiRevenue> {
    const p = this.period(query);
    const now = this.deps.clock.now();
    const monthsBack = 6;
    let firstMonth = monthOf(p.to);
    for (let i = 1; i < monthsBack; i++) {
      const [y, m] = firstMonth.split('-').map(Number) as [number, number];
      firstMonth = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    }
    const since = monthStart(firstMonth) < p.start ? monthStart(firstMonth) : p.start;
    const projectionStart = new Date(monthStart(monthOf(istanbulDate(now))).getTime() - 31 * 86_400_000);
    const source = await this.sourceOf(query);
    const [allPayments, allChanges] = await Promise.all([
      this.deps.repo.payments(since < projectionStart ? since : projectionStart, now),
      this.mrrChanges(now),
    ]);
    const payments = allPayments.filter((x) => x.source === source);
    const changes = allChanges.filter((x) => x.source === source);
    const ledger = payments.map((x) => ({ at: x.occurredAt, planId: x.planId, amountKurus: x.amountKurus }));
    const inPeriod = ledger.filter((x) => x.at >= p.start && x.at < p.end);
    const end = mrrAt(changes, p.end);
    const retention = revenueRetention(changes, p.start, p.end);
    const movements = [];
    for (let m = firstMonth; m <= monthOf(p.to); m = nextMonth(m)) {
      const to = monthStart(nextMonth(m)) < p.end ? monthStart(nextMonth(m)) : p.end;
      const mv = mrrMovements(changes, monthStart(m), to);
      movements.push({
        month: m,
        start_mrr: lira(mv.startMrr),
        new_mrr: lira(mv.newMrr),
        expansion: lira(mv.expansion),
        contraction: lira(mv.contraction),
        churn: lira(mv.churn),
        reactivation: lira(mv.reactivation),
        end_mrr: lira(mv.endMrr),
      });
    }
    const projection = revenueProjection(ledger, now);
    const planName = (id: string) => SUBSCRIPTION_PLANS.find((x) => x.id === id)?.name ?? id;
    const arpuNow = arpu(end.mrr, end.payingUsers);
    return {
      period: { from: p.from, to: p.to, days: p.days },
      currency: 'TRY',
      sources: this.sources(allPayments),
      source,
      revenue_trend: revenueByDay(inPeriod, p.from, p.to).map((d) => ({
        date: d.date,
        total_revenue: lira(d.total_revenue),
      })),
      monthly_revenue_by_source: revenueByPlan(inPeriod).map((r) => ({
        revenue_source: planName(r.planId),
        total_amount: lira(r.totalKurus),
      })),
      projections: {
        current_month_actual: lira(projection.current_month_actual),
        current_month_projected: lira(projection.current_month_projected),
        growth_rate: projection.growth_rate,
        method: PROJECTION_METHOD_TEXT,
      },
      mrr: {
        current: lira(end.mrr),
        paying_users: end.payingUsers,
        arpu: arpuNow === null ? null : lira(arpuNow),
        grr: retention.grr,
        nrr: retention.nrr,
      },
      mrr_movements: movements,
    };
  }

  async users(query: BiQuery): Promise<BiUsers> {
    const p = this.period(query);
    const cohortStart = monthStart(monthOf(addCalendarDays(p.to, -180)));
    const source = await this.sourceOf(query);
    const [allEvents, allSignups, activity] = await Promise.all([
      this.deps.repo.events(new Date(Math.min(p.start.getTime(), p.end.getTime() - 30 * 86_400_000)), p.end),
      this.deps.repo.signups(p.end),
      this.deps.repo.activity(cohortStart, p.end, source),
    ]);
    const events = allEvents.filter((x) => x.source === source);
    const signups = allSignups.filter((x) => x.source === source);
    const inPeriod = events.filter((e) => e.occurredAt >= p.start);
    const withUser = events.filter((e) => e.userId).map((e) => ({ userId: e.userId!, at: e.occurredAt }));
    return {
      period: { from: p.from, to: p.to, days: p.days },
      sources: this.sources(allEvents, allSignups),
      source,
      event_analysis: topCounts(inPeriod, (e) => e.eventType).map(([event_type, event_count]) => ({
        event_type,
        event_count,
      })),
      page_analysis: topCounts(inPeriod, (e) => (e.eventType === 'page_view' ? e.page : null)).map(
        ([page_url, page_views]) => ({
          page_url,
          page_views,
        }),
      ),
      engagement_metrics: {
        total_active_users: new Set(inPeriod.map((e) => e.userId ?? e.visitorKey)).size,
        total_events: inPeriod.length,
        total_sessions: new Set(inPeriod.map((e) => e.sessionKey)).size,
      },
      active_users: activeUsers(withUser, new Date(p.end.getTime() - 1)),
      user_growth: this.userGrowth(p, inPeriod, signups),
      cohorts: retentionCohorts(signups, activity, new Date(p.end.getTime() - 1), 6),
      activation: {
        ...activation(
          signups,
          events
            .filter((e) => e.userId && ACTIVATION_EVENTS.has(e.eventType))
            .map((e) => ({ userId: e.userId!, at: e.occurredAt })),
          p.start,
          p.end,
          this.deps.clock.now(),
        ),
        window_days: ACTIVATION_WINDOW_DAYS,
      },
    };
  }

  async performance(query: BiQuery): Promise<BiPerformance> {
    const p = this.period(query);
    const counters = await this.requestCounters(p.start, p.end);
    const health = healthMetrics(counters);
    return {
      period: { from: p.from, to: p.to, days: p.days },
      endpoint_performance: endpointStats(counters).slice(0, 5),
      health_metrics: {
        total_requests: health.total_requests,
        avg_response_time: health.avg_response_time,
        success_rate: health.success_rate,
        error_rate: health.error_rate,
      },
    };
  }

  /** The admin dashboard's revenue section: the last 30 days of one population (as the BI page's default). */
  async revenueSummary(): Promise<NonNullable<DashboardRoleView['revenue']>> {
    const query: BiQuery = { period: '30' };
    const p = this.period(query);
    const source = await this.sourceOf(query);
    const [r, payments] = await Promise.all([this.revenue(query), this.deps.repo.payments(p.start, p.end)]);
    const own = payments.filter((x) => x.source === source).sort((a, b) => +b.occurredAt - +a.occurredAt);
    return {
      source,
      currency: 'TRY',
      period_days: p.days,
      revenue: lira(own.reduce((sum, x) => sum + x.amountKurus, 0)),
      mrr: r.mrr.current,
      paying_users: r.mrr.paying_users,
      arpu: r.mrr.arpu,
      payments: own.filter((x) => x.kind === 'charge').length,
      refunds: own.filter((x) => x.kind === 'refund').length,
      recent_payments: own.slice(0, 5).map((x) => ({
        at: x.occurredAt.toISOString(),
        kind: x.kind,
        plan: SUBSCRIPTION_PLANS.find((plan) => plan.id === x.planId)?.name ?? x.planId,
        amount: lira(x.amountKurus),
      })),
    };
  }

  /** The admin dashboard's growth section: sign-ups, activation and active investors of the last 30 days. */
  async growthSummary(): Promise<NonNullable<DashboardRoleView['growth']>> {
    const query: BiQuery = { period: '30' };
    const [u, o] = await Promise.all([this.users(query), this.overview(query, ['users'])]);
    const signups = o.key_metrics.find((m) => m.metric_name === 'New Sign-ups');
    return {
      source: u.source,
      period_days: u.period.days,
      signups: signups?.metric_value ?? 0,
      previous_signups: signups?.previous_value ?? 0,
      activation: u.activation,
      dau: u.active_users.dau,
      mau: u.active_users.mau,
      stickiness: u.active_users.stickiness,
    };
  }

  /** Live only; each figure is null when `parts` (the caller's) does not name its part. */
  async realtime(parts: readonly BiPart[] = BI_PARTS): Promise<BiRealtime> {
    const now = this.deps.clock.now();
    const since = new Date(now.getTime() - 5 * 60_000);
    const dayStart = istanbulInstant(istanbulDate(now), 0);
    const [events, counters, payments] = await Promise.all([
      this.deps.repo.events(since, new Date(now.getTime() + 1)),
      this.requestCounters(
        new Date(Math.floor(since.getTime() / 60_000) * 60_000),
        new Date(now.getTime() + 1),
      ),
      this.deps.repo.payments(dayStart, new Date(now.getTime() + 1)),
    ]);
    const health = healthMetrics(counters);
    const live = <T extends { source: string }>(rows: T[]) => rows.filter((x) => x.source === 'live');
    const allowed = new Set(parts);
    const tech = allowed.has('performance');
    return {
      parts: BI_PARTS.filter((part) => allowed.has(part)),
      active_users_now: allowed.has('users')
        ? new Set(live(events).map((e) => e.userId ?? e.visitorKey)).size
        : null,
      api_calls_per_minute: tech ? Math.round(health.total_requests / 5) : null,
      avg_response_time_ms: tech && health.total_requests ? health.avg_response_time : null,
      error_rate_percent: tech ? health.error_rate : null,
      revenue_today: allowed.has('revenue')
        ? lira(live(payments).reduce((s, x) => s + x.amountKurus, 0))
        : null,
      as_of: now.toISOString(),
    };
  }

  /** The sign-ups behind 'New Sign-ups' and the user-growth chart's sign-ups for a period (or one day: from = to). */
  async signupDrilldown(query: BiQuery): Promise<BiSignupDrilldown> {
    const p = this.period(query);
    const source = await this.sourceOf(query);
    const rows = (await this.deps.repo.signupsBetween(p.start, p.end)).filter((r) => r.source === source);
    return {
      period: { from: p.from, to: p.to, days: p.days },
      total: rows.length,
      rows: rows.map((r) => ({
        user_id: r.userId,
        signed_up_at: r.at.toISOString(),
        date: istanbulDate(r.at),
        source: r.source === 'demo' ? 'demo' : 'live',
      })),
    };
  }

  /** The investors behind one month's MRR movements (the month so far for the current one), with the month's figures. */
  async mrrDrilldown(month: string, source?: BiDataSource): Promise<BiMrrDrilldown> {
    const now = this.deps.clock.now();
    const population = await this.sourceOf({ source });
    if (month > monthOf(istanbulDate(now)))
      throw new BadRequestError('month must not be in the future', 'month');
    const from = monthStart(month);
    const next = monthStart(nextMonth(month));
    const to = next < now ? next : now;
    const changes = (await this.mrrChanges(now)).filter((x) => x.source === population);
    const mv = mrrMovements(changes, from, to);
    return {
      currency: 'TRY',
      source: population,
      movements: {
        month,
        start_mrr: lira(mv.startMrr),
        new_mrr: lira(mv.newMrr),
        expansion: lira(mv.expansion),
        contraction: lira(mv.contraction),
        churn: lira(mv.churn),
        reactivation: lira(mv.reactivation),
        end_mrr: lira(mv.endMrr),
      },
      rows: mrrMovementRows(changes, from, to).map((r) => ({
        user_id: r.userId,
        start_mrr: lira(r.startMrr),
        end_mrr: lira(r.endMrr),
        change: lira(r.endMrr - r.startMrr),
        movement: r.movement,
      })),
    };
  }

  /** A drill-down's rows as CSV (same writer as the exports), audited like them. */
  async drilldownCsv(
    request:
      { kind: 'signups'; query: BiQuery } | { kind: 'mrr'; month: string; source?: BiDataSource | undefined },
    by: { actor: AdminActor; meta: RequestMeta },
  ): Promise<{ filename: string; csv: string }> {
    const target = { type: 'bi_export', id: `drilldown_${request.kind}` };
    const details =
      request.kind === 'mrr' ? { month: request.month, source: request.source } : { ...request.query };
    return this.audited(target, details, by, async () => {
      const file = await this.drilldownFile(request);
      return { ...file, details };
    });
  }

  private async drilldownFile(
    request:
      { kind: 'signups'; query: BiQuery } | { kind: 'mrr'; month: string; source?: BiDataSource | undefined },
  ): Promise<{ filename: string; csv: string }> {
    let filename: string;
    let header: string[];
    let rows: (string | number | null)[][];
    if (request.kind === 'signups') {
      const d = await this.signupDrilldown(request.query);
      filename = `signups_${d.period.from}_${d.period.to}.csv`;
      header = ['user_id', 'signed_up_at', 'date', 'source'];
      rows = d.rows.map((r) => [r.user_id, r.signed_up_at, r.date, r.source]);
    } else {
      const d = await this.mrrDrilldown(request.month, request.source);
      filename = `mrr_movements_${request.month}.csv`;
      header = ['user_id', 'start_mrr_try', 'end_mrr_try', 'change_try', 'movement'];
      rows = d.rows.map((r) => [r.user_id, r.start_mrr, r.end_mrr, r.change, r.movement]);
    }
    return { filename, csv: csvDocument(header, rows) };
  }

  /**
   * Makes an export and audits it: `bi_exported` once the file exists, `bi_export_failed` (with the client-facing
   * reason, never internals) when making it failed — a failed export is never recorded as an export.
   */
  private async audited(
    target: { type: string; id: string },
    details: Record<string, unknown>,
    by: { actor: AdminActor; meta: RequestMeta },
    make: () => Promise<{ filename: string; csv: string; details: Record<string, unknown> }>,
  ): Promise<{ filename: string; csv: string }> {
    let file: { filename: string; csv: string; details: Record<string, unknown> };
    try {
      file = await make();
    } catch (error) {
      const reason = error instanceof AppError && error.statusCode < 500 ? error.message : 'server error';
      await this.deps.audit
        .record({
          eventType: 'data_access',
          action: 'bi_export_failed',
          actor: by.actor,
          target,
          details: { ...details, reason },
          meta: by.meta,
        })
        .catch(() => undefined); // the export's own error is what the caller needs to see
      throw error;
    }
    await this.deps.audit.record({
      eventType: 'data_access',
      action: 'bi_exported',
      actor: by.actor,
      target,
      details: file.details,
      meta: by.meta,
    });
    return { filename: file.filename, csv: file.csv };
  }

  /** One metric family as CSV (UTF-8 BOM, CRLF), with the file name `<type>_<from>_<to>.csv`. */
  async exportCsv(
    type: BiExportType,
    from: string,
    to: string,
    by: { actor: AdminActor; meta: RequestMeta },
    source?: BiDataSource,
  ): Promise<{ filename: string; csv: string }> {
    if (!BI_EXPORT_TYPES.includes(type)) throw new BadRequestError('Unknown export type', 'type');
    return this.audited({ type: 'bi_export', id: type }, { type, from, to, source }, by, () =>
      this.exportFile(type, from, to, source),
    );
  }

  private async exportFile(
    type: BiExportType,
    from: string,
    to: string,
    requested?: BiDataSource,
  ): Promise<{ filename: string; csv: string; details: Record<string, unknown> }> {
    const source = await this.sourceOf({ source: requested });
    const query = { from, to, source };
    const filename = `${type}_${from}_${to}.csv`;
    let header: string[];
    let rows: (string | number | null)[][];
    switch (type) {
      case 'revenue': {
        const r = await this.revenue(query);
        header = ['date', 'total_revenue_try'];
        rows = r.revenue_trend.map((d) => [d.date, d.total_revenue]);
        break;
      }
      case 'mrr': {
        const r = await this.revenue(query);
        header = [
          'month',
          'start_mrr_try',
          'new_mrr_try',
          'expansion_try',
          'contraction_try',
          'churn_try',
          'reactivation_try',
          'end_mrr_try',
        ];
        rows = r.mrr_movements.map((m) => [
          m.month,
          m.start_mrr,
          m.new_mrr,
          m.expansion,
          m.contraction,
          m.churn,
          m.reactivation,
          m.end_mrr,
        ]);
        break;
      }
      case 'users': {
        const u = await this.users(query);
        header = ['date', 'unique_users', 'signups'];
        rows = u.user_growth.map((d) => [d.date, d.unique_users, d.signups]);
        break;
      }
      case 'events': {
        const u = await this.users(query);
        header = ['event_type', 'event_count'];
        rows = u.event_analysis.map((e) => [e.event_type, e.event_count]);
        break;
      }
      case 'pages': {
        const u = await this.users(query);
        header = ['page_url', 'page_views'];
        rows = u.page_analysis.map((e) => [e.page_url, e.page_views]);
        break;
      }
      case 'performance': {
        const perf = await this.performance(query);
        header = [
          'endpoint',
          'requests',
          'avg_response_time_ms',
          'p50_ms',
          'p95_ms',
          'p99_ms',
          'error_rate_percent',
        ];
        rows = perf.endpoint_performance.map((e) => [
          e.endpoint,
          e.requests,
          e.avg_response_time,
          e.p50_ms,
          e.p95_ms,
          e.p99_ms,
          e.error_rate,
        ]);
        break;
      }
    }
    return {
      filename,
      csv: csvDocument(header, rows),
      details: { type, from, to, source, rows: rows.length },
    };
  }
}
