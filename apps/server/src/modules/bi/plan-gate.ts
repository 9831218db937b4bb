import {
  cheapestPlanAllowing,
  cheapestPlanWithCsvExport,
  PLAN_FEATURES,
  PLAN_LIMIT_TEXTS,
  type CountedFeature,
  type PlanId,
} from '@bist/contracts';
import { PlanRequiredError } from '@/lib/errors';

/**
 * What the investor's plan allows (decision 0056; the table is PLAN_FEATURES). Asked before the work it guards:
 * a refusal is a 403 naming the cheapest plan that allows the request. A limit is checked when something is added,
 * never by removing what exists: after a downgrade the investor keeps every alert and watched stock, and adds again
 * once under the new plan's limit.
 */
export class PlanGate {
  constructor(private readonly planOf: (userId: string) => Promise<PlanId>) {}

  /**
   * Refuses adding one more of a counted feature when `current` already fills the plan. Returns false when even the
   * dearest plan is full (the caller answers with its own limit), true when the addition is allowed.
   */
  async allowsOneMore(userId: string, feature: CountedFeature, current: number): Promise<boolean> {
    const plan = await this.planOf(userId);
    const limit = PLAN_FEATURES[plan][feature];
    if (current < limit) return true;
    const needed = cheapestPlanAllowing(feature, current + 1);
    if (!needed) return false;
    throw new PlanRequiredError(PLAN_LIMIT_TEXTS[feature](plan, limit, needed), needed);
  }

  async requireCsvExport(userId: string): Promise<void> {
    const plan = await this.planOf(userId);
    if (PLAN_FEATURES[plan].csvExport) return;
    const needed = cheapestPlanWithCsvExport();
    throw new PlanRequiredError(PLAN_LIMIT_TEXTS.csvExport(plan, needed), needed);
  }
}

/** Every plan's limits at their largest: for services built without a gate (tools, tests of other rules). */
export const UNLIMITED_PLAN_GATE = new PlanGate(async () => 'pro');
