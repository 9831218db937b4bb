// Deterministic intraday paths pinned to a daily bar: a server that restarts mid-session shows the same prices, and
// the last continuous price equals the daily close.
import { continuousWindowOn, istanbulDate, ISTANBUL_UTC_OFFSET_MINUTES } from './calendar.ts';
import { createPrng } from './prng.ts';
import { roundToTick } from './rules.ts';
import type { DailyBar } from './types.ts';

/** Share of the day's volume traded in the opening auction (counted at 10:00). */
const OPENING_AUCTION_VOLUME_SHARE = 0.03;

/** What a live quote needs at one instant. */
export interface IntradaySnapshot {
  priceTry: number;
  /** Day's open, or the previous close before the open. */
  openTry: number;
  /** High and low so far today (previous close before the open). */
  highTry: number;
  lowTry: number;
  /** Cumulative volume so far today, shares. */
  volumeShares: number;
}

/** A day's minute-by-minute continuous-trading path. */
export interface IntradayPath {
  symbol: string;
  date: string;
  bar: DailyBar;
  previousCloseTry: number;
  /** Istanbul minute of day when continuous trading starts and ends (600 and 1080, or 750 on a half day). */
  startMinute: number;
  endMinute: number;
  /** Price at each minute of continuous trading; index 0 is the open, the last index the close. All on ticks. */
  minutePricesTry: readonly number[];
  /** Cumulative volume at each minute, shares; non-decreasing, last = the bar's volume. */
  minuteCumulativeVolumeShares: readonly number[];
  /** Last price at an instant: previous close before 10:00, the close after the session, else the path. */
  priceAt(instant: Date): number;
  /** Quote snapshot at an instant (price, open, high/low so far, cumulative volume). */
  snapshotAt(instant: Date): IntradaySnapshot;
}

export interface IntradayPathInput {
  seed: number | string;
  symbol: string;
  bar: DailyBar;
  previousCloseTry: number;
}

/** Builds the path: Brownian bridges in log price through open (start), high and low (random minutes) and close (end), clipped to [low, high] and rounded to ticks. */
export function buildIntradayPath(input: IntradayPathInput): IntradayPath {
  const { seed, symbol, bar, previousCloseTry } = input;
  const window = continuousWindowOn(bar.date);
  if (!window) throw new RangeError(`${bar.date} is not a trading day`);
  const steps = window.endMinute - window.startMinute;
  const rng = createPrng(seed, 'intraday', symbol, bar.date);

  // Pinned points (minute, price). Extremes that equal the open or close need no separate pin.
  const pins: { minute: number; priceTry: number }[] = [
    { minute: 0, priceTry: bar.openTry },
    { minute: steps, priceTry: bar.closeTry },
  ];
  const highMinute = bar.highTry > Math.max(bar.openTry, bar.closeTry) ? 1 + rng.int(steps - 1) : undefined;
  let lowMinute = bar.lowTry < Math.min(bar.openTry, bar.closeTry) ? 1 + rng.int(steps - 1) : undefined;
  if (lowMinute !== undefined && lowMinute === highMinute) lowMinute = lowMinute === 1 ? 2 : lowMinute - 1;
  if (highMinute !== undefined) pins.push({ minute: highMinute, priceTry: bar.highTry });
  if (lowMinute !== undefined) pins.push({ minute: lowMinute, priceTry: bar.lowTry });
  pins.sort((a, b) => a.minute - b.minute);

  const logRange = Math.log(bar.highTry / bar.lowTry);
  // Small enough that the bridges rarely leave [low, high]: clipped stretches would sit flat on the extremes.
  const stepSd = (Math.max(logRange, 0.002) / Math.sqrt(steps)) * 0.3;
  const prices = new Array<number>(steps + 1).fill(bar.closeTry);
  for (let p = 0; p + 1 < pins.length; p++) {
    const from = pins[p];
    const to = pins[p + 1];
    if (!from || !to) continue;
    const length = to.minute - from.minute;
    const walk: number[] = [0];
    for (let k = 1; k <= length; k++) walk.push((walk[k - 1] ?? 0) + stepSd * rng.normal());
    const endWalk = walk[length] ?? 0;
    const logFrom = Math.log(from.priceTry);
    const logTo = Math.log(to.priceTry);
    for (let k = 0; k <= length; k++) {
      const share = length === 0 ? 0 : k / length;
      const bridge = (walk[k] ?? 0) - share * endWalk;
      const raw = Math.exp(logFrom + share * (logTo - logFrom) + bridge);
      prices[from.minute + k] = roundToTick(Math.min(bar.highTry, Math.max(bar.lowTry, raw)));
    }
  }
  for (const pin of pins) prices[pin.minute] = pin.priceTry;

  // U-shaped volume profile (busy after the open and before the close) with noise.
  const weights: number[] = [];
  let totalWeight = 0;
  for (let k = 1; k <= steps; k++) {
    const w = (1 + 2 * Math.exp(-k / 30) + 1.5 * Math.exp(-(steps - k) / 30)) * Math.exp(0.5 * rng.normal());
    weights.push(w);
    totalWeight += w;
  }
  const cumulative: number[] = [Math.round(bar.volumeShares * OPENING_AUCTION_VOLUME_SHARE)];
  let running = 0;
  for (let k = 1; k <= steps; k++) {
    running += weights[k - 1] ?? 0;
    const fraction =
      OPENING_AUCTION_VOLUME_SHARE + (1 - OPENING_AUCTION_VOLUME_SHARE) * (running / totalWeight);
    cumulative.push(k === steps ? bar.volumeShares : Math.round(bar.volumeShares * fraction));
  }

  const runningHigh: number[] = [];
  const runningLow: number[] = [];
  for (let k = 0; k <= steps; k++) {
    const price = prices[k] ?? bar.closeTry;
    runningHigh.push(Math.max(price, runningHigh[k - 1] ?? price));
    runningLow.push(Math.min(price, runningLow[k - 1] ?? price));
  }

  /** Minute index into the path, or −1 before the open / steps after the close. */
  const indexAt = (instant: Date): number => {
    const date = istanbulDate(instant);
    if (date < bar.date) return -1;
    if (date > bar.date) return steps;
    const minuteOfDay = (((instant.getTime() / 60_000 + ISTANBUL_UTC_OFFSET_MINUTES) % 1440) + 1440) % 1440;
    const minute = minuteOfDay - window.startMinute;
    if (minute < 0) return -1;
    return Math.min(steps, Math.floor(minute));
  };

  return {
    symbol,
    date: bar.date,
    bar,
    previousCloseTry,
    startMinute: window.startMinute,
    endMinute: window.endMinute,
    minutePricesTry: prices,
    minuteCumulativeVolumeShares: cumulative,
    priceAt(instant) {
      const k = indexAt(instant);
      return k < 0 ? previousCloseTry : (prices[k] ?? bar.closeTry);
    },
    snapshotAt(instant) {
      const k = indexAt(instant);
      if (k < 0) {
        return {
          priceTry: previousCloseTry,
          openTry: previousCloseTry,
          highTry: previousCloseTry,
          lowTry: previousCloseTry,
          volumeShares: 0,
        };
      }
      return {
        priceTry: prices[k] ?? bar.closeTry,
        openTry: bar.openTry,
        highTry: runningHigh[k] ?? bar.highTry,
        lowTry: runningLow[k] ?? bar.lowTry,
        volumeShares: cumulative[k] ?? bar.volumeShares,
      };
    },
  };
}
