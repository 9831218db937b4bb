import { round, type Finding } from './finding.ts';

export interface ConcentrationParams {
  /** One stock's share of the portfolio's holdings value over this fraction … */
  maxShareFraction: number;
  /** … in a portfolio worth at least this much (a one-stock starter portfolio is not a concern). */
  minPortfolioTry: number;
  /** One violation per investor and stock per this many days. */
  windowDays: number;
}

export const CONCENTRATION_DEFAULTS: ConcentrationParams = {
  maxShareFraction: 0.5,
  minPortfolioTry: 100_000,
  windowDays: 30,
};

export interface InvestorHoldings {
  userId: string;
  holdings: readonly { symbol: string; marketValueTry: number }[];
}

const DAY_MS = 86_400_000;

/** The window a date falls in when days are bucketed `windowDays` at a time from 1970-01-01. */
export function dayBucket(isoDate: string, windowDays: number): string {
  const day = Math.floor(Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) / DAY_MS);
  const start = Math.floor(day / windowDays) * windowDays;
  return new Date(start * DAY_MS).toISOString().slice(0, 10);
}

/** A portfolio with one stock over half its holdings value (as of `asOfDate`, at the given market values). */
export function concentration(
  portfolios: readonly InvestorHoldings[],
  asOfDate: string,
  params: ConcentrationParams,
): Finding[] {
  const findings: Finding[] = [];
  for (const portfolio of portfolios) {
    const total = portfolio.holdings.reduce((sum, h) => sum + h.marketValueTry, 0);
    if (!(total >= params.minPortfolioTry)) continue;
    for (const holding of portfolio.holdings) {
      const share = holding.marketValueTry / total;
      if (share <= params.maxShareFraction) continue;
      findings.push({
        entityType: 'investor',
        entityId: portfolio.userId,
        windowKey: `${holding.symbol}@${dayBucket(asOfDate, params.windowDays)}`,
        occurredAt: asOfDate,
        description: `${holding.symbol} is ${round(share * 100, 1)} % of an investor's holdings (over ${params.maxShareFraction * 100} %)`,
        evidence: {
          figures: {
            symbol: holding.symbol,
            share_fraction: round(share),
            holding_value_try: round(holding.marketValueTry, 2),
            portfolio_value_try: round(total, 2),
            max_share_fraction: params.maxShareFraction,
          },
        },
      });
    }
  }
  return findings;
}
