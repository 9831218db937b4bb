/** Technical indicators computed in the browser from daily or intraday closes. Pure: no DOM, no dates. */

/**
 * Simple moving average over `period` values. The result has the input's length; the first `period - 1`
 * entries are null because the window is not full yet.
 */
export function sma(values: readonly number[], period: number): (number | null)[] {
  if (!Number.isInteger(period) || period < 1) throw new RangeError('period must be a positive integer');
  const out: (number | null)[] = new Array<number | null>(values.length).fill(null);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i] ?? 0;
    if (i >= period) sum -= values[i - period] ?? 0;
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/**
 * Relative Strength Index with Wilder's smoothing (the usual RSI 14). The first `period` entries are null;
 * the value at `period` uses the plain average of the first `period` changes, later ones the smoothed averages.
 * A window without losses gives 100, one without gains 0, a flat one 50.
 */
export function rsi(values: readonly number[], period = 14): (number | null)[] {
  if (!Number.isInteger(period) || period < 1) throw new RangeError('period must be a positive integer');
  const out: (number | null)[] = new Array<number | null>(values.length).fill(null);
  if (values.length <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const change = (values[i] ?? 0) - (values[i - 1] ?? 0);
    if (change > 0) gain += change;
    else loss -= change;
  }
  let avgGain = gain / period;
  let avgLoss = loss / period;
  out[period] = rsiOf(avgGain, avgLoss);
  for (let i = period + 1; i < values.length; i++) {
    const change = (values[i] ?? 0) - (values[i - 1] ?? 0);
    avgGain = (avgGain * (period - 1) + Math.max(change, 0)) / period;
    avgLoss = (avgLoss * (period - 1) + Math.max(-change, 0)) / period;
    out[i] = rsiOf(avgGain, avgLoss);
  }
  return out;
}

function rsiOf(avgGain: number, avgLoss: number): number {
  if (avgLoss === 0) return avgGain === 0 ? 50 : 100;
  return 100 - 100 / (1 + avgGain / avgLoss);
}
