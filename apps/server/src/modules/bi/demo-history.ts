// Twelve months of demo BI history, deterministic: the same seed and end day give the same rows (one seed
// derivation, decision 0016: the market seed with the key 'bi-demo'). Every row is labelled source 'demo'; live
// activity is added on top with source 'live'. Demo investors are analytics ids only: no account, no login.
import {
  INVESTOR_PAGE_TEMPLATES,
  VAT_PERCENT,
  planMrrKurus,
  SUBSCRIPTION_PLANS,
  type BillingInterval,
  type PlanId,
} from '@bist/contracts';
import { addCalendarDays, createPrng, istanbulDate, istanbulInstant, type Prng } from '@bist/market';
import type { EventRow, PaymentRow, SubscriptionEventRow } from './bi.repository.ts';

export const DEMO_HISTORY_DAYS = 365;

/** Signed-in investors' pages (route templates, INVESTOR_PAGE_TEMPLATES) and how often each is viewed. */
const PAGES = INVESTOR_PAGE_TEMPLATES.filter((p) => p !== '/' && p !== '/login');
const PAGE_WEIGHTS = [30, 18, 22, 6, 12, 6, 10];
const ACTIONS = [
  'search',
  'stock_view',
  'prediction_viewed',
  'watchlist_added',
  'trade_recorded',
  'alert_created',
  'login',
] as const;
const ACTION_WEIGHTS = [20, 30, 18, 8, 10, 5, 9];

export interface DemoHistory {
  signups: { userId: string; signedUpAt: Date; source: 'demo' }[];
  events: EventRow[];
  subscriptionEvents: SubscriptionEventRow[];
  payments: PaymentRow[];
}

function pick<T>(prng: Prng, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = prng.uniform() * total;
  for (let i = 0; i < items.length; i++) {
    r -= weights[i]!;
    if (r < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

function uuidFrom(prng: Prng): string {
  const hex = Array.from({ length: 4 }, () => prng.nextUint32().toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** An instant on an Istanbul day between 08:00 and 23:59. */
function timeOn(prng: Prng, day: string): Date {
  return istanbulInstant(day, 8 * 60 + prng.int(16 * 60));
}

interface DemoUser {
  id: string;
  signedUp: string;
  engagement: number;
  lastActiveDay: string;
  plan: PlanId;
  interval: BillingInterval;
  /** Next renewal day while paying. */
  renewal: string | null;
  everPaid: boolean;
}

/** The demo history of the `DEMO_HISTORY_DAYS` days ending at `asOf` (nothing after it). */
export function demoHistory(seed: number, asOf: Date): DemoHistory {
  const today = istanbulDate(asOf);
  const first = addCalendarDays(today, -(DEMO_HISTORY_DAYS - 1));
  const prng = createPrng(seed, 'bi-demo');
  const out: DemoHistory = { signups: [], events: [], subscriptionEvents: [], payments: [] };
  const users: DemoUser[] = [];
  let paymentNo = 0;

  const subscribe = (
    u: DemoUser,
    at: Date,
    kind: SubscriptionEventRow['kind'],
    plan: PlanId,
    interval: BillingInterval,
  ) => {
    u.plan = plan;
    u.interval = interval;
    out.subscriptionEvents.push({
      userId: u.id,
      occurredAt: at,
      kind,
      planId: plan,
      billingInterval: interval,
      mrrKurus: kind === 'cancel' ? 0 : planMrrKurus(plan, interval),
      source: 'demo',
    });
    if (kind === 'cancel') {
      u.renewal = null;
      u.plan = 'free';
      return;
    }
    u.everPaid = true;
    const price = SUBSCRIPTION_PLANS.find((p) => p.id === plan)!;
    const amount = interval === 'monthly' ? price.monthlyKurus : price.yearlyKurus;
    out.payments.push({
      userId: u.id,
      occurredAt: new Date(at.getTime() + 1_000),
      kind: 'charge',
      planId: plan,
      amountKurus: amount,
      taxKurus: Math.round((amount * VAT_PERCENT) / 100),
      currency: 'TRY',
      provider: 'demo',
      providerRef: `demo-${++paymentNo}`,
      source: 'demo',
    });
    // A few charges are refunded within a week (a negative row in the ledger).
    if (prng.uniform() < 0.02) {
      const refundAt = new Date(at.getTime() + (1 + prng.int(6)) * 86_400_000);
      if (refundAt <= asOf)
        out.payments.push({
          userId: u.id,
          occurredAt: refundAt,
          kind: 'refund',
          planId: plan,
          amountKurus: -amount,
          taxKurus: -Math.round((amount * VAT_PERCENT) / 100),
          currency: 'TRY',
          provider: 'demo',
          providerRef: `demo-${++paymentNo}`,
          source: 'demo',
        });
    }
    const day = istanbulDate(at);
    u.renewal = interval === 'monthly' ? addCalendarDays(day, 30) : addCalendarDays(day, 365);
  };

  let dayIndex = 0;
  for (let day = first; day <= today; day = addCalendarDays(day, 1), dayIndex++) {
    const progress = dayIndex / DEMO_HISTORY_DAYS;
    const weekend = [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
    // Sign-ups grow over the year: about 0.5 a day at the start, 3 at the end.
    const signupCount = Math.max(0, Math.round(0.5 + 2.5 * progress + prng.normal() * 0.9));
    for (let i = 0; i < signupCount; i++) {
      const at = timeOn(prng, day);
      if (at > asOf) continue;
      const u: DemoUser = {
        id: uuidFrom(prng),
        signedUp: day,
        engagement: 0.05 + prng.uniform() * 0.35,
        lastActiveDay: addCalendarDays(day, Math.round(-Math.log(1 - prng.uniform()) * 150)),
        plan: 'free',
        interval: 'monthly',
        renewal: null,
        everPaid: false,
      };
      users.push(u);
      out.signups.push({ userId: u.id, signedUpAt: at, source: 'demo' });
      out.events.push(event(u.id, at, 'sign_up', null, day));
      const r = prng.uniform();
      if (r < 0.1)
        subscribe(
          u,
          new Date(at.getTime() + 60_000),
          'start',
          'premium',
          prng.uniform() < 0.8 ? 'monthly' : 'yearly',
        );
      else if (r < 0.14)
        subscribe(
          u,
          new Date(at.getTime() + 60_000),
          'start',
          'pro',
          prng.uniform() < 0.8 ? 'monthly' : 'yearly',
        );
    }
    for (const u of users) {
      if (u.signedUp > day) continue;
      const active = day <= u.lastActiveDay;
      // Subscription changes happen on renewal days; free investors who use the app may start paying.
      if (u.renewal === day) {
        const at = timeOn(prng, day);
        if (at <= asOf) {
          const r = prng.uniform();
          if (!active || r < 0.04) subscribe(u, at, 'cancel', u.plan, u.interval);
          else if (u.plan === 'premium' && r < 0.08) subscribe(u, at, 'upgrade', 'pro', u.interval);
          else if (u.plan === 'pro' && r < 0.07) subscribe(u, at, 'downgrade', 'premium', u.interval);
          else subscribe(u, at, 'renew', u.plan, u.interval);
        }
      } else if (u.renewal === null && active && prng.uniform() < 0.0015) {
        const at = timeOn(prng, day);
        if (at <= asOf) subscribe(u, at, 'start', u.everPaid ? 'pro' : 'premium', 'monthly');
      }
      if (!active || prng.uniform() > u.engagement * (weekend ? 0.6 : 1)) continue;
      const n = 1 + prng.int(2);
      for (let k = 0; k < n; k++) {
        const at = timeOn(prng, day);
        if (at > asOf) continue;
        out.events.push(event(u.id, at, 'page_view', pick(prng, PAGES, PAGE_WEIGHTS), day));
        if (prng.uniform() < 0.7)
          out.events.push(event(u.id, at, pick(prng, ACTIONS, ACTION_WEIGHTS), null, day));
      }
    }
    // Anonymous visitors of the landing and login pages.
    const visitors = Math.round(8 + 20 * progress + prng.normal() * 3);
    for (let v = 0; v < visitors; v++) {
      const at = timeOn(prng, day);
      if (at > asOf) continue;
      const key = `demo-visitor-${day}-${v}`;
      out.events.push({
        ...event(null, at, 'page_view', prng.uniform() < 0.7 ? '/' : '/login', day),
        visitorKey: key,
        sessionKey: key,
      });
    }
  }
  return out;
}

function event(
  userId: string | null,
  at: Date,
  eventType: string,
  page: string | null,
  day: string,
): EventRow {
  const key = `demo-${userId ?? 'anon'}-${day}`;
  return { occurredAt: at, eventType, page, visitorKey: key, sessionKey: key, userId, source: 'demo' };
}
