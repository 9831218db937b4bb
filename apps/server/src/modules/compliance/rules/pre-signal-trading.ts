import type { Finding } from './finding.ts';
import { tradeEvent, type InvestorTrade } from './investor-trades.ts';

export interface PreSignalTradingParams {
  /** A trade in a stock at most this many calendar days before a market rule fired on it. */
  daysBefore: number;
}

export const PRE_SIGNAL_TRADING_DEFAULTS: PreSignalTradingParams = { daysBefore: 3 };

const DAY_MS = 86_400_000;

/** A market violation: the rule and the stock and day it fired on. */
export interface MarketSignal {
  ruleCode: string;
  symbol: string;
  /** YYYY-MM-DD. */
  date: string;
}

/** Trading in a stock shortly before it triggered a market rule. One finding per investor and signal. */
export function preSignalTrading(
  trades: readonly InvestorTrade[],
  signals: readonly MarketSignal[],
  params: PreSignalTradingParams,
): Finding[] {
  const findings: Finding[] = [];
  for (const signal of signals) {
    const signalDay = Date.parse(`${signal.date}T00:00:00Z`);
    const byUser = new Map<string, InvestorTrade[]>();
    for (const trade of trades) {
      if (trade.symbol !== signal.symbol) continue;
      const daysBefore = (signalDay - Date.parse(`${trade.tradeDate}T00:00:00Z`)) / DAY_MS;
      if (daysBefore < 1 || daysBefore > params.daysBefore) continue;
      byUser.set(trade.userId, [...(byUser.get(trade.userId) ?? []), trade]);
    }
    for (const [userId, userTrades] of byUser) {
      findings.push({
        entityType: 'investor',
        entityId: userId,
        windowKey: `${signal.ruleCode}:${signal.symbol}@${signal.date}`,
        occurredAt: signal.date,
        description: `Traded ${signal.symbol} within ${params.daysBefore} days before it triggered ${signal.ruleCode} on ${signal.date}`,
        evidence: {
          figures: {
            symbol: signal.symbol,
            signal_rule: signal.ruleCode,
            signal_date: signal.date,
            trades: userTrades.length,
          },
          events: userTrades.map(tradeEvent),
        },
      });
    }
  }
  return findings;
}
