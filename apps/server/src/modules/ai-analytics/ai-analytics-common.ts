// What every job of the AI-Powered Analytics page shares: the universe this process knows, the audit entry of a staff
// action, the production model's champion version, and rounding.
import { STOCKS } from '@bist/market';
import { BadRequestError } from '@/lib/errors';
import type { MarketData } from '@/market/market-data';
import type { AuditService } from '@/modules/audit/audit.service';
import type { ModelRegistryService } from '@/modules/models/registry.service';
import type { StaffAction } from '@/modules/models/runs.service';

export const BENCHMARK_CODE = 'XU100';

export const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The universe's stocks this process knows (the engine's; a test market's own). */
export function universeOf(market: Pick<MarketData, 'hasStock'>) {
  return STOCKS.filter((s) => market.hasStock(s.symbol));
}

/** A 400 naming `field` when a symbol is not in the universe this process knows. */
export function requireKnown(
  market: Pick<MarketData, 'hasStock'>,
  symbols: readonly string[],
  field: string,
): void {
  const unknown = symbols.filter((s) => !market.hasStock(s));
  if (unknown.length > 0)
    throw new BadRequestError(`Unknown symbols (not in the BIST universe): ${unknown.join(', ')}`, field);
}

/** Audits a staff action on the page (a data access, target type `ai_analytics`). */
export async function auditAction(
  audit: Pick<AuditService, 'record'>,
  action: string,
  staff: StaffAction,
  target: string,
  details: unknown,
): Promise<void> {
  await audit.record({
    eventType: 'data_access',
    action,
    actor: staff.actor,
    target: { type: 'ai_analytics', id: target },
    details,
    meta: staff.meta,
  });
}

/** The champion version number of an algorithm at a horizon (null when none is marked). */
export async function championVersion(
  runs: Pick<ModelRegistryService, 'versions'>,
  algorithmId: string,
  horizon: number,
): Promise<number | null> {
  const versions = await runs.versions(algorithmId);
  return versions.find((v) => v.champion && v.horizonDays === horizon)?.version ?? null;
}
