import { round, type Finding } from './finding.ts';
import { tradeEvent, type InvestorTrade } from './investor-trades.ts';

export interface RoundTripParams {
  /** Same-day buy-and-sell pairs of one stock by one investor at or above this count raise a finding. */
  minRoundTrips: number;
}

export const ROUND_TRIP_DEFAULTS: RoundTripParams = { minRoundTrips: 1 };

/** In-and-out trading: an investor buys and sells the same stock on the same day. One finding per investor, stock and day. */
export function sameDayRoundTrips(trades: readonly InvestorTrade[], params: RoundTripParams): Finding[] {
  const groups = new Map<string, InvestorTrade[]>();
  for (const trade of trades) {
    const key = `${trade.userId}|${trade.symbol}|${trade.tradeDate}`;
    groups.set(key, [...(groups.get(key) ?? []), trade]);
  }
  const findings: Finding[] = [];
  for (const group of groups.values()) {
    const buys = group.filter((t) => t.type === 'buy');
    const sells = group.filter((t) => t.type === 'sell');
    const pairs = Math.min(buys.length, sells.length);
    if (pairs < params.minRoundTrips || pairs === 0) continue;
    const first = group[0]!;
    const bought = buys.reduce((s, t) => s + t.quantity * t.priceTry, 0);
    const sold = sells.reduce((s, t) => s + t.quantity * t.priceTry, 0);
    findings.push({
      entityType: 'investor',
      entityId: first.userId,
      windowKey: `${first.symbol}@${first.tradeDate}`,
      occurredAt: first.tradeDate,
      description: `Bought and sold ${first.symbol} on the same day (${first.tradeDate}): ${pairs} round trip(s)`,
      evidence: {
        figures: {
          symbol: first.symbol,
          round_trips: pairs,
          bought_value_try: round(bought, 2),
          sold_value_try: round(sold, 2),
          min_round_trips: params.minRoundTrips,
        },
        events: group.map(tradeEvent),
      },
    });
  }
  return findings;
}
