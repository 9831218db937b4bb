import { round, type Finding } from './finding.ts';
import { tradeEvent, type InvestorTrade } from './investor-trades.ts';

export interface LargeTradeParams {
  /** A single trade worth more than this (TRY) raises a finding (a MASAK-style reporting threshold). */
  thresholdTry: number;
}

export const LARGE_TRADE_DEFAULTS: LargeTradeParams = { thresholdTry: 1_000_000 };

/** A single trade whose value (quantity × price) is over the threshold. One finding per trade. */
export function largeTrades(trades: readonly InvestorTrade[], params: LargeTradeParams): Finding[] {
  return trades
    .filter((t) => t.quantity * t.priceTry > params.thresholdTry)
    .map((t) => ({
      entityType: 'investor' as const,
      entityId: t.userId,
      windowKey: `trade:${t.id}`,
      occurredAt: t.tradeDate,
      description: `A single ${t.type} of ${t.symbol} worth ${round(t.quantity * t.priceTry, 2)} TRY on ${t.tradeDate} (threshold ${params.thresholdTry} TRY)`,
      evidence: {
        figures: { value_try: round(t.quantity * t.priceTry, 2), threshold_try: params.thresholdTry },
        events: [tradeEvent(t)],
      },
    }));
}
