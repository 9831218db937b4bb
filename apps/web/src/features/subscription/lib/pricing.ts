import type { BillingInterval, PlanId } from '@bist/contracts';
import { SUBSCRIPTION_PLANS, VAT_PERCENT } from '@bist/contracts/values';

/** A plan's price for an interval in lira: the amount (VAT excluded), the VAT (KDV) and what is charged. */
export interface PlanPrice {
  amount: number;
  tax: number;
  total: number;
}

const kurus = (planId: PlanId, interval: BillingInterval) => {
  const plan = SUBSCRIPTION_PLANS.find((p) => p.id === planId)!;
  return interval === 'monthly' ? plan.monthlyKurus : plan.yearlyKurus;
};

/** What the server charges for a plan (SubscriptionService: the price plus VAT rounded to the kuruş). */
export function planPrice(planId: PlanId, interval: BillingInterval): PlanPrice {
  const amount = kurus(planId, interval);
  const tax = Math.round((amount * VAT_PERCENT) / 100);
  return { amount: amount / 100, tax: tax / 100, total: (amount + tax) / 100 };
}

/** What a year costs less when paid yearly instead of twelve months, in lira and percent (null for a free plan). */
export function yearlySaving(planId: PlanId): { amount: number; percent: number } | null {
  const twelveMonths = kurus(planId, 'monthly') * 12;
  if (twelveMonths === 0) return null;
  const saved = twelveMonths - kurus(planId, 'yearly');
  return { amount: saved / 100, percent: (saved / twelveMonths) * 100 };
}

/** What choosing `target` does to the current subscription (the confirm dialog words it). */
export type PlanChange = 'current' | 'start' | 'upgrade' | 'downgrade' | 'interval' | 'cancel';

export function planChange(
  current: { plan: PlanId; interval: BillingInterval },
  target: { plan: PlanId; interval: BillingInterval },
): PlanChange {
  const rank = (p: PlanId) => SUBSCRIPTION_PLANS.findIndex((x) => x.id === p);
  if (target.plan === 'free') return current.plan === 'free' ? 'current' : 'cancel';
  if (current.plan === 'free') return 'start';
  if (target.plan === current.plan) return target.interval === current.interval ? 'current' : 'interval';
  return rank(target.plan) > rank(current.plan) ? 'upgrade' : 'downgrade';
}
