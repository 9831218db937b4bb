import {
  BI_PARTS,
  PROJECTION_METHOD_TEXT,
  SUBSCRIPTION_PLANS,
  type BiOverview,
  type BiPart,
  type BiPerformance,
  type BiQuery,
  type BiRealtime,
  type BiRevenue,
  type BiUsers,
  type DashboardRoleView,
  type KeyMetric,
} from '@bist/contracts';
import { addCalendarDays, istanbulDate, istanbulInstant } from '@bist/market';
import type { Clock } from '@/lib/clock';
import type { RequestCounters, RequestMetricsCollector, RequestSeries } from '@/plugins/request-metrics';
import type { BiRepository, EventRow } from './bi.repository.ts';
import { mrrChanges, previousPeriod, sourcesOf, type BiScope, type Period } from './bi-scope.ts';
import {
  activeUsers,
  arpu,
  daysBetween,
  endpointStats,
  healthMetrics,
  monthOf,
  monthStart,
  mrrAt,
  mrrMonthInLira,
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

export interface BiFiguresDeps {
  repo: Pick<
    BiRepository,
    'payments' | 'events' | 'signups' | 'activity' | 'subscriptionEvents' | 'requestTotals'
  >;
  clock: Clock;
  /** This process's request counters not yet stored (the figures include them). */
  requestMetrics: Pick<RequestMetricsCollector, 'pending'>;
  scope: BiScope;
}

/**
 * The BI dashboard's figures: the overview's key metrics and trends, revenue, users, performance, the real-time strip,
 * and the admin dashboard's revenue and growth sections — each of one population (BiScope), from the stored capture
 * and this process's pending request counters.
 */
export class BiFigures {
  constructor(private readonly deps: BiFiguresDeps) {}

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
    const p = this.deps.scope.period(query);
    const prev = previousPeriod(p);
    const source = await this.deps.scope.sourceOf(query);
    const [allPayments, allChanges, allEvents, allSignups, counters, prevCounters] = await Promise.all([
      this.deps.repo.payments(prev.start, p.end),
      mrrChanges(this.deps.repo, p.end),
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
      sources: sourcesOf(allPayments, allEvents, allSignups),
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
    const p = this.deps.scope.period(query);
    const now = this.deps.clock.now();
    const monthsBack = 6;
    let firstMonth = monthOf(p.to);
    for (let i = 1; i < monthsBack; i++) {
      const [y, m] = firstMonth.split('-').map(Number) as [number, number];
      firstMonth = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    }
    const since = monthStart(firstMonth) < p.start ? monthStart(firstMonth) : p.start;
    const projectionStart = new Date(monthStart(monthOf(istanbulDate(now))).getTime() - 31 * 86_400_000);
    const source = await this.deps.scope.sourceOf(query);
    const [allPayments, allChanges] = await Promise.all([
      this.deps.repo.payments(since < projectionStart ? since : projectionStart, now),
      mrrChanges(this.deps.repo, now),
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
      movements.push(mrrMonthInLira(m, mrrMovements(changes, monthStart(m), to)));
    }
    const projection = revenueProjection(ledger, now);
    const planName = (id: string) => SUBSCRIPTION_PLANS.find((x) => x.id === id)?.name ?? id;
    const arpuNow = arpu(end.mrr, end.payingUsers);
    return {
      period: { from: p.from, to: p.to, days: p.days },
      currency: 'TRY',
      sources: sourcesOf(allPayments),
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
    const p = this.deps.scope.period(query);
    const cohortStart = monthStart(monthOf(addCalendarDays(p.to, -180)));
    const source = await this.deps.scope.sourceOf(query);
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
      sources: sourcesOf(allEvents, allSignups),
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
    const p = this.deps.scope.period(query);
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
    const p = this.deps.scope.period(query);
    const source = await this.deps.scope.sourceOf(query);
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
}
