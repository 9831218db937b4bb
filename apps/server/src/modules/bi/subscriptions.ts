// Investors' subscriptions (spec §8 plans): the current plan, plan changes charged through the payment provider with
// idempotency keys, renewals of paid periods and the payments ledger; BI reads the same tables for its revenue figures.
import { createHash } from 'node:crypto';
import {
  SUBSCRIPTION_PLANS,
  VAT_PERCENT,
  planMrrKurus,
  type PaymentHistoryItem,
  type BillingInterval,
  type PlanId,
} from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import { AppError, ServiceUnavailableError } from '@/lib/errors';
import type { BiRepository, PaymentRow, SubscriptionEventRow } from './bi.repository.ts';
import { periodEnd, lira } from './metrics.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** At most this many missed periods are charged in one renewal pass (a server that was off for long). */
const MAX_RENEWALS_PER_PASS = 12;

/** The operation name of plan changes among the idempotency keys. */
const PLAN_CHANGE_OPERATION = 'subscription.change';
/** An idempotency key is honoured for a day (clients retry within seconds or minutes). */
const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;

/** An investor's plan as the subscription routes answer it. */
export interface Subscription {
  plan: PlanId;
  interval: BillingInterval;
  since: Date | null;
  renewsAt: Date | null;
  provider: string | null;
}

type StoredSubscription = Pick<Subscription, 'plan' | 'interval'> & {
  since: string | null;
  renewsAt: string | null;
};

function subscriptionToStored(s: Subscription): StoredSubscription {
  return {
    plan: s.plan,
    interval: s.interval,
    since: s.since?.toISOString() ?? null,
    renewsAt: s.renewsAt?.toISOString() ?? null,
  };
}

function subscriptionFromStored(stored: unknown): Omit<Subscription, 'provider'> {
  const s = stored as StoredSubscription;
  return {
    plan: s.plan,
    interval: s.interval,
    since: s.since ? new Date(s.since) : null,
    renewsAt: s.renewsAt ? new Date(s.renewsAt) : null,
  };
}

/** The same Idempotency-Key sent with a different request. */
export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(422, 'This Idempotency-Key was already used for a different request', 'Idempotency-Key');
  }
}

/** What subscriptions need: the BI tables (subscription changes, payments, idempotency keys), the clock, the provider. */
export interface SubscriptionServiceDeps {
  repo: BiRepository;
  clock: Clock;
  /** The payment provider (the demo provider in demo mode; none otherwise: plan changes are refused). */
  paymentProvider: PaymentProvider | null;
}

/** An investor's plan and payments: read, changed (charged once per idempotency key) and renewed. */
export class SubscriptionService {
  constructor(private readonly deps: SubscriptionServiceDeps) {}

  /** An investor's current plan (the latest subscription change; the free plan without one). */
  async subscription(userId: string): Promise<Subscription> {
    return this.subscriptionOf(this.deps.repo, userId);
  }

  private async subscriptionOf(repo: BiRepository, userId: string): Promise<Subscription> {
    const latest = (await repo.subscriptionEventsOf(userId)).at(-1);
    const plan: PlanId = latest && latest.kind !== 'cancel' ? (latest.planId as PlanId) : 'free';
    const interval = (latest?.billingInterval as BillingInterval | undefined) ?? 'monthly';
    return {
      plan,
      interval,
      since: latest?.occurredAt ?? null,
      // A paid plan runs one month or year from its last charge (start, upgrade, downgrade or renew).
      renewsAt: plan === 'free' || !latest ? null : periodEnd(latest.occurredAt, interval),
      provider: this.deps.paymentProvider?.label ?? null,
    };
  }

  /** An investor's payments, newest first. */
  async paymentHistory(userId: string): Promise<PaymentHistoryItem[]> {
    const rows = await this.deps.repo.paymentsOf(userId);
    return rows.map((r) => ({
      occurred_at: r.occurredAt.toISOString(),
      kind: r.kind,
      plan: r.planId as PlanId,
      amount: lira(r.amountKurus),
      tax: lira(r.taxKurus),
      total: lira(r.amountKurus + r.taxKurus),
      currency: 'TRY' as const,
      provider: r.provider,
      reference: r.providerRef,
    }));
  }

  /** One period of a paid plan charged through the provider (VAT on top); only what comes back is stored. */
  private async charge(
    provider: PaymentProvider,
    userId: string,
    plan: Exclude<PlanId, 'free'>,
    interval: BillingInterval,
    at: Date,
  ): Promise<PaymentRow> {
    const price = SUBSCRIPTION_PLANS.find((p) => p.id === plan)!;
    const amount = interval === 'monthly' ? price.monthlyKurus : price.yearlyKurus;
    const tax = Math.round((amount * VAT_PERCENT) / 100);
    const charged = await provider.charge({
      userId,
      amountKurus: amount,
      taxKurus: tax,
      description: `${price.name} (${interval})`,
    });
    return {
      userId,
      occurredAt: at,
      kind: 'charge',
      planId: plan,
      amountKurus: amount,
      taxKurus: tax,
      currency: 'TRY',
      provider: charged.provider,
      providerRef: charged.providerRef,
      source: 'live',
    };
  }

  /**
   * Renews every live paid subscription whose period has ended: for each elapsed period (at most 12 per pass) a
   * charge and a 'renew' change dated at the period's end, so periods follow each other without gaps or drift. A
   * charge the provider refuses stops that investor's renewals for this pass (retried on the next). Without a
   * provider nothing is renewed. Returns the number of renewals.
   */
  async renewDue(): Promise<number> {
    const provider = this.deps.paymentProvider;
    if (!provider) return 0;
    const now = this.deps.clock.now();
    return this.deps.repo.renewalPass(async (latest) => {
      const events: SubscriptionEventRow[] = [];
      const charges: PaymentRow[] = [];
      const plan = latest.planId as PlanId;
      const interval = latest.billingInterval as BillingInterval;
      if (plan === 'free') return { events, payments: charges };
      let end = periodEnd(latest.occurredAt, interval);
      while (end <= now && events.length < MAX_RENEWALS_PER_PASS) {
        try {
          charges.push(await this.charge(provider, latest.userId, plan, interval, end));
        } catch {
          break;
        }
        events.push({
          userId: latest.userId,
          occurredAt: end,
          kind: 'renew',
          planId: plan,
          billingInterval: interval,
          mrrKurus: planMrrKurus(plan, interval),
          source: 'live',
        });
        end = periodEnd(end, interval);
      }
      return { events, payments: charges };
    });
  }

  /**
   * Changes an investor's plan: a subscription change (live) and, for a paid plan, a charge through the provider.
   * One change is one charge: the investor's changes run one at a time under a lock, the plan and billing interval
   * they already have are answered without a charge, and an idempotency key replays its first answer (a different
   * request under the same key is refused with 422). A refused charge changes nothing and keeps no key.
   */
  async changePlan(
    userId: string,
    plan: PlanId,
    interval: BillingInterval,
    idempotencyKey?: string,
  ): Promise<Subscription> {
    const provider = this.deps.paymentProvider;
    if (!provider) throw new ServiceUnavailableError('No payment provider is configured');
    const requestHash = createHash('sha256').update(JSON.stringify({ plan, interval })).digest('hex');
    return this.deps.repo.planChange(userId, async (repo) => {
      const now = this.deps.clock.now();
      if (idempotencyKey) {
        await repo.forgetIdempotentAnswers(
          PLAN_CHANGE_OPERATION,
          userId,
          new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS),
        );
        const kept = await repo.idempotentAnswer(PLAN_CHANGE_OPERATION, userId, idempotencyKey);
        if (kept) {
          if (kept.requestHash !== requestHash) throw new IdempotencyKeyReusedError();
          return { ...subscriptionFromStored(kept.response), provider: provider.label };
        }
      }
      const current = await this.subscriptionOf(repo, userId);
      const alreadyOn = current.plan === plan && (plan === 'free' || current.interval === interval);
      if (!alreadyOn) {
        const rank = (p: PlanId) => SUBSCRIPTION_PLANS.findIndex((x) => x.id === p);
        const kind: SubscriptionEventRow['kind'] =
          plan === 'free'
            ? 'cancel'
            : current.plan === 'free'
              ? 'start'
              : rank(plan) > rank(current.plan)
                ? 'upgrade'
                : rank(plan) < rank(current.plan)
                  ? 'downgrade'
                  : 'renew';
        const payment = plan === 'free' ? [] : [await this.charge(provider, userId, plan, interval, now)];
        await repo.insertSubscriptionEvents([
          {
            userId,
            occurredAt: now,
            kind,
            planId: plan === 'free' ? current.plan : plan,
            billingInterval: interval,
            mrrKurus: plan === 'free' ? 0 : planMrrKurus(plan, interval),
            source: 'live',
          },
        ]);
        await repo.insertPayments(payment);
      }
      const changed = await this.subscriptionOf(repo, userId);
      if (idempotencyKey)
        await repo.keepIdempotentAnswer({
          operation: PLAN_CHANGE_OPERATION,
          ownerId: userId,
          key: idempotencyKey,
          requestHash,
          response: subscriptionToStored(changed),
          createdAt: now,
        });
      return changed;
    });
  }
}
