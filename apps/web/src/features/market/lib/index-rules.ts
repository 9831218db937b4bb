import {
  INDEX_HIGH_VOLATILITY_PERCENT,
  INDEX_RISK_BAR_SCALE,
  INDEX_RISK_RED_PERCENT,
  INDEX_RISK_YELLOW_PERCENT,
} from '@bist/contracts/values';

export type Volatility = 'high' | 'normal';
export type RiskLevel = 'red' | 'yellow' | 'green';

/** 'Yüksek' when the absolute daily change is above 2 %, else 'Normal'. */
export function volatilityOf(changePercent: number): Volatility {
  return Math.abs(changePercent) > INDEX_HIGH_VOLATILITY_PERCENT ? 'high' : 'normal';
}

/** 'Pozitif' for a change >= 0, else 'Negatif'. */
export function trendLabelOf(changePercent: number): 'positive' | 'negative' {
  return changePercent >= 0 ? 'positive' : 'negative';
}

/** The risk bar: red above 3 %, yellow above 1 %, else green; width |change| × 20, capped at 100. */
export function riskBarOf(changePercent: number): { level: RiskLevel; width: number } {
  const abs = Math.abs(changePercent);
  const level: RiskLevel =
    abs > INDEX_RISK_RED_PERCENT ? 'red' : abs > INDEX_RISK_YELLOW_PERCENT ? 'yellow' : 'green';
  return { level, width: Math.min(100, abs * INDEX_RISK_BAR_SCALE) };
}

/** Counts and shares of a list of changes: gainers (> 0), losers (< 0), their percent of all, the mean. */
export function breadthOf(changes: readonly number[]) {
  const total = changes.length;
  const gainers = changes.filter((c) => c > 0).length;
  const losers = changes.filter((c) => c < 0).length;
  return {
    total,
    gainers,
    losers,
    gainersShare: total === 0 ? null : (gainers / total) * 100,
    losersShare: total === 0 ? null : (losers / total) * 100,
    average: total === 0 ? null : changes.reduce((sum, c) => sum + c, 0) / total,
  };
}

/**
 * The day's range as the chart draws it: the lowest and highest of the plotted points, so the panel and the chart
 * never disagree. Undefined without points.
 */
export function seriesRange(
  points: readonly { value: number }[] | undefined,
): { low: number; high: number } | undefined {
  if (!points || points.length === 0) return undefined;
  let low = Infinity;
  let high = -Infinity;
  for (const { value } of points) {
    low = Math.min(low, value);
    high = Math.max(high, value);
  }
  return { low, high };
}

/** A daily close of an index. */
export interface DailyClose {
  /** YYYY-MM-DD. */
  time: string;
  close: number;
}

/**
 * An index's return and XU100's over the same days, percent: from the first day both have a close to the last day
 * both have one, so a gap in either series does not tilt the comparison. Null without two common days.
 */
export function returnsOverSameDays(
  index: readonly DailyClose[],
  xu100: readonly DailyClose[],
): { from: string; to: string; index: number; xu100: number } | null {
  const benchmark = new Map(xu100.map((c) => [c.time, c.close]));
  const common = index.filter((c) => benchmark.has(c.time) && c.close > 0 && benchmark.get(c.time)! > 0);
  const first = common[0];
  const last = common.at(-1);
  if (!first || !last || first.time === last.time) return null;
  return {
    from: first.time,
    to: last.time,
    index: (last.close / first.close - 1) * 100,
    xu100: (benchmark.get(last.time)! / benchmark.get(first.time)! - 1) * 100,
  };
}
