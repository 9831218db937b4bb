// The BI figures, each defined once here as a pure function over rows (the service only loads the rows). Days and
// months are Europe/Istanbul calendar days and months; money is in kuruş (TRY); percentages are 0–100.
import type { BillingInterval } from '@bist/contracts';
import { addCalendarDays, istanbulDate, istanbulInstant } from '@bist/market';
import { histogramQuantile, mergeHistogram, emptyHistogram } from '@/lib/latency-histogram';
import type { RequestCounters } from '@/plugins/request-metrics';

/** Activity of a signed-in investor at an instant (a product event with a user). */
export interface Activity {
  userId: string;
  at: Date;
}

/** 'YYYY-MM' of an Istanbul day. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** First day of the month after `month` ('YYYY-MM'). */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const year = (n: number) => String(n).padStart(4, '0');
  return m === 12 ? `${year(y + 1)}-01` : `${year(y)}-${String(m + 1).padStart(2, '0')}`;
}

/** The instant an Istanbul month starts. */
export function monthStart(month: string): Date {
  return istanbulInstant(`${month}-01`, 0);
}

const DAY_MS = 86_400_000;

/**
 * How many days `from` … `to` holds, both included (0 when `to` is before `from`), by arithmetic on the dates: a
 * range is measured before any of its days is listed.
 */
export function dayCount(from: string, to: string): number {
  const span = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.max(0, Math.round(span / DAY_MS) + 1);
}

/** Every Istanbul day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addCalendarDays(d, 1)) days.push(d);
  return days;
}

/** The days of the month that MAU and stickiness look back over. */
const MONTH_DAYS = 30;

/**
 * DAU, WAU and MAU as of the Istanbul day of `asOf`: distinct investors active that day, in the 7 days and in the 30
 * days ending that day. Stickiness is the average DAU over those same 30 days divided by their MAU, in percent (null
 * without any monthly user): numerator and denominator count the same investors over the same month, so a quiet or
 * partial last day cannot make it collapse. The caller passes one population (demo or live, never both).
 */
export function activeUsers(
  activity: readonly Activity[],
  asOf: Date,
): { dau: number; wau: number; mau: number; avg_dau: number; stickiness: number | null } {
  const today = istanbulDate(asOf);
  const weekStart = addCalendarDays(today, -6);
  const monthStartDay = addCalendarDays(today, -(MONTH_DAYS - 1));
  const daily = new Map<string, Set<string>>();
  const wau = new Set<string>();
  const mau = new Set<string>();
  for (const a of activity) {
    const day = istanbulDate(a.at);
    if (day > today || day < monthStartDay) continue;
    mau.add(a.userId);
    if (day >= weekStart) wau.add(a.userId);
    let users = daily.get(day);
    if (!users) daily.set(day, (users = new Set()));
    users.add(a.userId);
  }
  const avgDau = [...daily.values()].reduce((sum, users) => sum + users.size, 0) / MONTH_DAYS;
  return {
    dau: daily.get(today)?.size ?? 0,
    wau: wau.size,
    mau: mau.size,
    avg_dau: avgDau,
    stickiness: mau.size === 0 ? null : (avgDau / mau.size) * 100,
  };
}

/** Product events that activate an investor: a first recorded trade or a first stock added to a watchlist. */
export const ACTIVATION_EVENTS: ReadonlySet<string> = new Set(['trade_recorded', 'watchlist_added']);
/** Days after signing up within which the activating event must come. */
export const ACTIVATION_WINDOW_DAYS = 7;

/**
 * Activation: of the investors who signed up in [from, to) at least ACTIVATION_WINDOW_DAYS before `asOf` (younger
 * sign-ups cannot be judged yet and are left out), how many had an activating event (`activations`, already filtered
 * to ACTIVATION_EVENTS) within that many days of signing up. The rate is in percent, null with nobody to judge.
 */
export function activation(
  signups: readonly Activity[],
  activations: readonly Activity[],
  from: Date,
  to: Date,
  asOf: Date,
): { eligible: number; activated: number; rate: number | null } {
  const windowMs = ACTIVATION_WINDOW_DAYS * 86_400_000;
  const first = new Map<string, number>();
  for (const a of activations) {
    const at = a.at.getTime();
    if (at < (first.get(a.userId) ?? Infinity)) first.set(a.userId, at);
  }
  let eligible = 0;
  let activated = 0;
  for (const s of signups) {
    const at = s.at.getTime();
    if (at < from.getTime() || at >= to.getTime() || at + windowMs > asOf.getTime()) continue;
    eligible += 1;
    const firstAt = first.get(s.userId);
    if (firstAt !== undefined && firstAt >= at && firstAt <= at + windowMs) activated += 1;
  }
  return { eligible, activated, rate: eligible === 0 ? null : (activated / eligible) * 100 };
}

/** A change of an investor's monthly recurring revenue (their MRR after it; 0 after a cancel). */
export interface MrrChange {
  userId: string;
  at: Date;
  mrrKurus: number;
}

/** Each investor's MRR just before `instant` (changes at or after it do not count yet). */
function mrrByUserBefore(changes: readonly MrrChange[], instant: Date): Map<string, number> {
  const latest = new Map<string, { at: number; mrr: number }>();
  const t = instant.getTime();
  for (const c of changes) {
    const at = c.at.getTime();
    if (at >= t) continue;
    const seen = latest.get(c.userId);
    if (!seen || at >= seen.at) latest.set(c.userId, { at, mrr: c.mrrKurus });
  }
  return new Map([...latest].map(([user, v]) => [user, v.mrr]));
}

/** Total MRR just before `instant`, and the number of paying investors. */
export function mrrAt(changes: readonly MrrChange[], instant: Date): { mrr: number; payingUsers: number } {
  let mrr = 0;
  let payingUsers = 0;
  for (const value of mrrByUserBefore(changes, instant).values()) {
    mrr += value;
    if (value > 0) payingUsers++;
  }
  return { mrr, payingUsers };
}

export interface MrrMovements {
  startMrr: number;
  endMrr: number;
  newMrr: number;
  expansion: number;
  contraction: number;
  churn: number;
  reactivation: number;
}

/** How one investor's MRR moved over a range (ChartMogul's kinds; 'unchanged' when it stayed the same). */
export type MrrMovementKind = 'new' | 'reactivation' | 'expansion' | 'contraction' | 'churn' | 'unchanged';

/** One investor's MRR at the start and end of a range and how it moved: the rows behind `mrrMovements`. */
export interface MrrMovementRow {
  userId: string;
  startMrr: number;
  endMrr: number;
  movement: MrrMovementKind;
}

/**
 * Every investor with MRR at the start or end of [from, to), with their movement: new (0 → >0, never paid before),
 * reactivation (0 → >0, paid before), expansion (up), contraction (down, still paying), churn (>0 → 0), unchanged.
 * Sorted by movement kind, then by the size of the change (largest first), then by id.
 */
export function mrrMovementRows(changes: readonly MrrChange[], from: Date, to: Date): MrrMovementRow[] {
  const start = mrrByUserBefore(changes, from);
  const end = mrrByUserBefore(changes, to);
  const paidBefore = new Set(changes.filter((c) => c.at < from && c.mrrKurus > 0).map((c) => c.userId));
  const rows: MrrMovementRow[] = [];
  for (const userId of new Set([...start.keys(), ...end.keys()])) {
    const s = start.get(userId) ?? 0;
    const e = end.get(userId) ?? 0;
    if (s === 0 && e === 0) continue;
    const movement: MrrMovementKind =
      s === 0
        ? paidBefore.has(userId)
          ? 'reactivation'
          : 'new'
        : e === 0
          ? 'churn'
          : e > s
            ? 'expansion'
            : e < s
              ? 'contraction'
              : 'unchanged';
    rows.push({ userId, startMrr: s, endMrr: e, movement });
  }
  const order: MrrMovementKind[] = ['new', 'reactivation', 'expansion', 'contraction', 'churn', 'unchanged'];
  return rows.sort(
    (a, b) =>
      order.indexOf(a.movement) - order.indexOf(b.movement) ||
      Math.abs(b.endMrr - b.startMrr) - Math.abs(a.endMrr - a.startMrr) ||
      a.userId.localeCompare(b.userId),
  );
}

/**
 * MRR movements between two instants, summed from `mrrMovementRows` (ChartMogul's definitions):
 * new + reactivation + expansion − contraction − churn = end − start, always.
 */
export function mrrMovements(changes: readonly MrrChange[], from: Date, to: Date): MrrMovements {
  const m: MrrMovements = {
    startMrr: 0,
    endMrr: 0,
    newMrr: 0,
    expansion: 0,
    contraction: 0,
    churn: 0,
    reactivation: 0,
  };
  for (const r of mrrMovementRows(changes, from, to)) {
    m.startMrr += r.startMrr;
    m.endMrr += r.endMrr;
    if (r.movement === 'new') m.newMrr += r.endMrr;
    else if (r.movement === 'reactivation') m.reactivation += r.endMrr;
    else if (r.movement === 'churn') m.churn += r.startMrr;
    else if (r.movement === 'expansion') m.expansion += r.endMrr - r.startMrr;
    else if (r.movement === 'contraction') m.contraction += r.startMrr - r.endMrr;
  }
  return m;
}

/**
 * Gross and net revenue retention over [from, to) for the investors paying at `from`: GRR = Σ min(end, start) / Σ start
 * (expansion does not count, so never above 100 %), NRR = Σ end / Σ start (expansion counts; can exceed 100 %).
 * Investors who started paying during the range are not in either. Null without anyone paying at the start.
 */
export function revenueRetention(
  changes: readonly MrrChange[],
  from: Date,
  to: Date,
): { grr: number | null; nrr: number | null } {
  const start = mrrByUserBefore(changes, from);
  const end = mrrByUserBefore(changes, to);
  let base = 0;
  let kept = 0;
  let net = 0;
  for (const [user, s] of start) {
    if (s <= 0) continue;
    const e = end.get(user) ?? 0;
    base += s;
    kept += Math.min(s, e);
    net += e;
  }
  if (base === 0) return { grr: null, nrr: null };
  return { grr: (kept / base) * 100, nrr: (net / base) * 100 };
}

/** ARPU: MRR per paying investor (ChartMogul's ARPA), kuruş; null without paying investors. */
export function arpu(mrr: number, payingUsers: number): number | null {
  return payingUsers === 0 ? null : mrr / payingUsers;
}

/** A row of the payments ledger as the revenue figures read it (refunds are negative). */
export interface LedgerRow {
  at: Date;
  planId: string;
  amountKurus: number;
}

/** Revenue per Istanbul day from `from` to `to` (both included), zero-filled. */
export function revenueByDay(
  rows: readonly LedgerRow[],
  from: string,
  to: string,
): { date: string; total_revenue: number }[] {
  const sums = new Map(daysBetween(from, to).map((d) => [d, 0]));
  for (const r of rows) {
    const day = istanbulDate(r.at);
    if (sums.has(day)) sums.set(day, sums.get(day)! + r.amountKurus);
  }
  return [...sums].map(([date, total_revenue]) => ({ date, total_revenue }));
}

/** Revenue per plan, largest first. */
export function revenueByPlan(rows: readonly LedgerRow[]): { planId: string; totalKurus: number }[] {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.planId, (sums.get(r.planId) ?? 0) + r.amountKurus);
  return [...sums]
    .map(([planId, totalKurus]) => ({ planId, totalKurus }))
    .sort((a, b) => b.totalKurus - a.totalKurus || a.planId.localeCompare(b.planId));
}

/**
 * The current month's revenue projection at `asOf` (PROJECTION_METHOD_TEXT in the contracts): actual so far, projected = actual ÷ elapsed fraction of the month,
 * and growth of the projection over last month's revenue in percent (null when last month had none).
 */
export function revenueProjection(
  rows: readonly LedgerRow[],
  asOf: Date,
): { current_month_actual: number; current_month_projected: number; growth_rate: number | null } {
  const month = monthOf(istanbulDate(asOf));
  const start = monthStart(month);
  const end = monthStart(nextMonth(month));
  const [py, pm] = month.split('-').map(Number) as [number, number];
  const previous = pm === 1 ? `${py - 1}-12` : `${py}-${String(pm - 1).padStart(2, '0')}`;
  const previousStart = monthStart(previous);
  let actual = 0;
  let last = 0;
  for (const r of rows) {
    if (r.at >= start && r.at <= asOf) actual += r.amountKurus;
    else if (r.at >= previousStart && r.at < start) last += r.amountKurus;
  }
  const elapsed = (asOf.getTime() - start.getTime()) / (end.getTime() - start.getTime());
  const projected = elapsed > 0 ? Math.round(actual / Math.min(1, elapsed)) : actual;
  return {
    current_month_actual: actual,
    current_month_projected: projected,
    growth_rate: last === 0 ? null : ((projected - last) / last) * 100,
  };
}

export interface CohortRow {
  /** Sign-up month 'YYYY-MM'. */
  cohort: string;
  size: number;
  /** Percent of the cohort active in month 0 (the sign-up month), 1, 2, … up to the current month. */
  retention: number[];
}

/** Retention by monthly sign-up cohort: the last `months` cohorts up to the month of `asOf`. */
export function retentionCohorts(
  signups: readonly { userId: string; at: Date }[],
  activity: readonly Activity[],
  asOf: Date,
  months = 6,
): CohortRow[] {
  const current = monthOf(istanbulDate(asOf));
  const cohortMonths: string[] = [current];
  while (cohortMonths.length < months) {
    const [y, m] = cohortMonths[0]!.split('-').map(Number) as [number, number];
    cohortMonths.unshift(m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`);
  }
  const cohortOf = new Map<string, string>();
  for (const s of signups) cohortOf.set(s.userId, monthOf(istanbulDate(s.at)));
  const activeIn = new Map<string, Set<string>>();
  for (const a of activity) {
    const month = monthOf(istanbulDate(a.at));
    let set = activeIn.get(month);
    if (!set) activeIn.set(month, (set = new Set()));
    set.add(a.userId);
  }
  return cohortMonths.map((cohort) => {
    const members = [...cohortOf].filter(([, m]) => m === cohort).map(([user]) => user);
    const retention: number[] = [];
    for (let m = cohort; m <= current; m = nextMonth(m)) {
      const active = activeIn.get(m);
      const count = members.filter((u) => active?.has(u)).length;
      retention.push(members.length === 0 ? 0 : (count / members.length) * 100);
    }
    return { cohort, size: members.length, retention };
  });
}

/** The n most frequent keys with their counts, most frequent first (ties by key). */
export function topCounts<T>(
  items: readonly T[],
  key: (item: T) => string | null,
  n = 5,
): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) {
    const k = key(item);
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, n);
}

export interface EndpointStats {
  endpoint: string;
  requests: number;
  avg_response_time: number;
  p50_ms: number | null;
  p95_ms: number | null;
  p99_ms: number | null;
  /** Share of answers with a 5xx status, percent. */
  error_rate: number;
}

/** Per endpoint ('GET /api/market/summary'): requests, mean, p50/p95/p99 from the merged histograms, 5xx rate; busiest first. */
export function endpointStats(counters: readonly RequestCounters[]): EndpointStats[] {
  const by = new Map<
    string,
    { count: number; sumMs: number; maxMs: number; errors: number; buckets: number[] }
  >();
  for (const c of counters) {
    const key = `${c.method} ${c.route}`;
    let e = by.get(key);
    if (!e) by.set(key, (e = { count: 0, sumMs: 0, maxMs: 0, errors: 0, buckets: emptyHistogram() }));
    e.count += c.count;
    e.sumMs += c.sumMs;
    e.maxMs = Math.max(e.maxMs, c.maxMs);
    if (c.statusClass >= 5) e.errors += c.count;
    mergeHistogram(e.buckets, c.buckets);
  }
  return [...by]
    .map(([endpoint, e]) => ({
      endpoint,
      requests: e.count,
      avg_response_time: e.count === 0 ? 0 : e.sumMs / e.count,
      p50_ms: histogramQuantile(e.buckets, 0.5, e.maxMs),
      p95_ms: histogramQuantile(e.buckets, 0.95, e.maxMs),
      p99_ms: histogramQuantile(e.buckets, 0.99, e.maxMs),
      error_rate: e.count === 0 ? 0 : (e.errors / e.count) * 100,
    }))
    .sort((a, b) => b.requests - a.requests || a.endpoint.localeCompare(b.endpoint));
}

/** Totals over all endpoints: requests, mean response time, success rate (answers without a 5xx, percent). */
export function healthMetrics(counters: readonly RequestCounters[]): {
  total_requests: number;
  avg_response_time: number;
  success_rate: number | null;
  error_rate: number | null;
} {
  let total = 0;
  let sumMs = 0;
  let errors = 0;
  for (const c of counters) {
    total += c.count;
    sumMs += c.sumMs;
    if (c.statusClass >= 5) errors += c.count;
  }
  return {
    total_requests: total,
    avg_response_time: total === 0 ? 0 : sumMs / total,
    success_rate: total === 0 ? null : ((total - errors) / total) * 100,
    error_rate: total === 0 ? null : (errors / total) * 100,
  };
}

/** Percent change from `previous` to `current`; null when there is nothing to compare with. */
export function percentChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/** The end of a paid period that began at `at`: one calendar month or year later. */
export function periodEnd(at: Date, interval: BillingInterval): Date {
  const months = interval === 'monthly' ? 1 : 12;
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth() + months;
  // The same day of the month, or the month's last day when it has fewer (31 January → 28/29 February).
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const end = new Date(at);
  end.setUTCDate(1);
  end.setUTCFullYear(y, m, Math.min(at.getUTCDate(), lastDay));
  return end;
}

/** Kuruş to lira, rounded to the kuruş. */
export const lira = (kurus: number) => Math.round(kurus) / 100;

/** One month's MRR movements in lira, as the answers name them (the waterfall and its drill-down). */
export function mrrMonthInLira(month: string, mv: MrrMovements) {
  return {
    month,
    start_mrr: lira(mv.startMrr),
    new_mrr: lira(mv.newMrr),
    expansion: lira(mv.expansion),
    contraction: lira(mv.contraction),
    churn: lira(mv.churn),
    reactivation: lira(mv.reactivation),
    end_mrr: lira(mv.endMrr),
  };
}
