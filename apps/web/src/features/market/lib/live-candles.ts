import type { Candle } from '@bist/contracts';

export interface LiveTick {
  price: number;
  /** The day's high and low so far. */
  high: number;
  low: number;
  /** Shares traded today. */
  volume: number;
  /** ISO instant of the quote. */
  time: string;
}

const INTERVAL_MS = { '1m': 60_000, '5m': 300_000, '15m': 900_000 } as const;
export type CandleInterval = keyof typeof INTERVAL_MS | '1d';

/** The Istanbul trading date of an instant, YYYY-MM-DD. */
export function istanbulDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-CA', { timeZone: 'Europe/Istanbul' });
}

/**
 * Folds a live quote into the chart's candles. Daily: the quote's day updates the last candle (its close, the day's
 * high/low/volume) or opens a new one. Intraday: the quote updates the last bucket or starts the next. Older quotes
 * change nothing. Returns the same array when nothing changed.
 */
export function mergeLiveTick(
  candles: readonly Candle[],
  interval: CandleInterval,
  tick: LiveTick,
): readonly Candle[] {
  const last = candles[candles.length - 1];
  if (interval === '1d') {
    const day = istanbulDate(tick.time);
    if (!last || day > last.time) {
      return [
        ...candles,
        {
          time: day,
          open: tick.price,
          high: Math.max(tick.high, tick.price),
          low: Math.min(tick.low, tick.price),
          close: tick.price,
          volume: tick.volume,
        },
      ];
    }
    if (day !== last.time) return candles;
    if (
      last.close === tick.price &&
      last.high >= tick.high &&
      last.low <= tick.low &&
      last.volume === tick.volume
    )
      return candles;
    return [
      ...candles.slice(0, -1),
      {
        ...last,
        close: tick.price,
        high: Math.max(last.high, tick.high, tick.price),
        low: Math.min(last.low, tick.low, tick.price),
        volume: Math.max(last.volume, tick.volume),
      },
    ];
  }
  if (!last) return candles;
  const step = INTERVAL_MS[interval];
  const lastStart = Date.parse(last.time);
  const at = Date.parse(tick.time);
  if (!Number.isFinite(at) || at < lastStart) return candles;
  if (at >= lastStart + step) {
    // Only continue the same session: a quote from another day does not extend an intraday chart.
    if (istanbulDate(tick.time) !== istanbulDate(last.time)) return candles;
    const start = new Date(lastStart + Math.floor((at - lastStart) / step) * step).toISOString();
    return [
      ...candles,
      { time: start, open: tick.price, high: tick.price, low: tick.price, close: tick.price, volume: 0 },
    ];
  }
  if (last.close === tick.price) return candles;
  return [
    ...candles.slice(0, -1),
    {
      ...last,
      close: tick.price,
      high: Math.max(last.high, tick.price),
      low: Math.min(last.low, tick.price),
    },
  ];
}
