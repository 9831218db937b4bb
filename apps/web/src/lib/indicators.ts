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

function checkPeriod(period: number): void {
  if (!Number.isInteger(period) || period < 1) throw new RangeError('period must be a positive integer');
}

/**
 * Exponential moving average with smoothing 2 / (period + 1), seeded with the simple average of the first `period`
 * values (the usual convention): the first `period - 1` entries are null.
 */
export function ema(values: readonly (number | null)[], period: number): (number | null)[] {
  checkPeriod(period);
  const out: (number | null)[] = new Array<number | null>(values.length).fill(null);
  const k = 2 / (period + 1);
  // Leading nulls (another indicator's warm-up, e.g. MACD's signal line) are skipped.
  let start = 0;
  while (start < values.length && values[start] === null) start += 1;
  if (values.length - start < period) return out;
  let sum = 0;
  for (let i = start; i < start + period; i++) sum += values[i] ?? 0;
  let previous = sum / period;
  out[start + period - 1] = previous;
  for (let i = start + period; i < values.length; i++) {
    previous = ((values[i] ?? previous) - previous) * k + previous;
    out[i] = previous;
  }
  return out;
}

export type Macd = {
  macd: (number | null)[];
  signal: (number | null)[];
  histogram: (number | null)[];
};

/** MACD (12, 26, 9 by default): EMA(fast) − EMA(slow), its EMA(signal), and their difference. */
export function macd(values: readonly number[], fast = 12, slow = 26, signalPeriod = 9): Macd {
  const fastEma = ema(values, fast);
  const slowEma = ema(values, slow);
  const line = values.map((_, i) => {
    const f = fastEma[i];
    const s = slowEma[i];
    return f === null || f === undefined || s === null || s === undefined ? null : f - s;
  });
  const signal = ema(line, signalPeriod);
  const histogram = line.map((m, i) => {
    const s = signal[i];
    return m === null || s === null || s === undefined ? null : m - s;
  });
  return { macd: line, signal, histogram };
}

export type Bollinger = {
  middle: (number | null)[];
  upper: (number | null)[];
  lower: (number | null)[];
};

/** Bollinger bands: SMA(period) ± `width` population standard deviations of the same window (20, 2 by default). */
export function bollinger(values: readonly number[], period = 20, width = 2): Bollinger {
  const middle = sma(values, period);
  const upper: (number | null)[] = new Array<number | null>(values.length).fill(null);
  const lower: (number | null)[] = new Array<number | null>(values.length).fill(null);
  for (let i = period - 1; i < values.length; i++) {
    const mean = middle[i]!;
    let squares = 0;
    for (let j = i - period + 1; j <= i; j++) squares += ((values[j] ?? 0) - mean) ** 2;
    const deviation = Math.sqrt(squares / period);
    upper[i] = mean + width * deviation;
    lower[i] = mean - width * deviation;
  }
  return { middle, upper, lower };
}

/**
 * An indicator computed over the warm-up values and the window together, returned for the window only: with
 * enough warm-up (at least the indicator's own warm-up) it has a value from the window's first entry.
 */
export function overWindow<T extends Record<string, (number | null)[]> | (number | null)[]>(
  warmup: readonly number[],
  window: readonly number[],
  compute: (values: number[]) => T,
): T {
  const all = compute([...warmup, ...window]);
  const cut = (series: (number | null)[]) => series.slice(warmup.length);
  if (Array.isArray(all)) return cut(all) as T;
  return Object.fromEntries(
    Object.entries(all).map(([key, series]) => [key, cut(series as (number | null)[])]),
  ) as T;
}
