import type { PredictionCall } from '@bist/contracts/values';

/** Pure display rules of the AI Tahminler screen. */

/** The badge tone of a call: the upper side green, the lower red, the median neutral. */
export function callToneOf(call: PredictionCall): 'up' | 'down' | 'neutral' {
  if (call === 'outperform' || call === 'up') return 'up';
  if (call === 'underperform' || call === 'down') return 'down';
  return 'neutral';
}

/** True for a call worded against the day's cross-section (XU100'e göre), not as an absolute rise or fall. */
export function isRelativeCall(call: PredictionCall): boolean {
  return call === 'outperform' || call === 'underperform' || call === 'neutral';
}

export type AccuracyTrend = 'up' | 'down' | 'flat';

/**
 * Below this fitted change over the whole window (in percentage points) the trend is 'Yatay': a day's accuracy moves
 * by several points on noise alone, so a smaller drift says nothing.
 */
export const TREND_FLAT_POINTS = 1;

/**
 * Trend of an accuracy series (oldest first), computed from the data rather than always 'Yükseliş': the
 * least-squares slope times the window length. Null with fewer than two points.
 */
export function accuracyTrendOf(values: readonly number[]): AccuracyTrend | null {
  const n = values.length;
  if (n < 2) return null;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let den = 0;
  values.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  const change = (num / den) * (n - 1);
  if (Math.abs(change) < TREND_FLAT_POINTS) return 'flat';
  return change > 0 ? 'up' : 'down';
}

export interface AccuracyStats {
  max: number;
  average: number;
}

/** Highest and mean accuracy of the history; null when empty. */
export function accuracyStatsOf(values: readonly number[]): AccuracyStats | null {
  if (values.length === 0) return null;
  return { max: Math.max(...values), average: values.reduce((s, v) => s + v, 0) / values.length };
}

/** The y-axis is 50–100; it reaches lower only when a day falls below 50 % so no point is cut off. */
export function accuracyAxisDomain(values: readonly number[]): [number, number] {
  const min = values.length > 0 ? Math.min(...values) : 50;
  return [min < 50 ? Math.max(0, Math.floor(min / 10) * 10) : 50, 100];
}
