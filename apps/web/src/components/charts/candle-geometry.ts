/**
 * The arithmetic of the candlestick chart (candlestick-chart.tsx): candle times and their tr-TR labels, the visible
 * window over the candles (zoom, pan, live candles), the panes' scales, the paths of candles, volume bars and
 * indicator lines, the time axis ticks and the readout. Pure, so it is unit-tested without a browser.
 */
import type { Candle } from '@bist/contracts';
import { linearScale, linePath, niceTicks, type Point, type Scale } from './svg-geometry';

// ───────────────────────────── Times ─────────────────────────────

const ISTANBUL = 'Europe/Istanbul';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Daily candles carry 'YYYY-MM-DD' (a business day), intraday ones an ISO instant. */
export function isDailyTime(time: string): boolean {
  return DAY.test(time);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One Intl formatter per locale and options (creating one costs far more than formatting with it). */
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** A business day is shown as it is (UTC midnight in UTC); an intraday instant in Istanbul time. */
function instant(time: string): { date: Date; timeZone: string } {
  return isDailyTime(time)
    ? { date: new Date(`${time}T00:00:00Z`), timeZone: 'UTC' }
    : { date: new Date(time), timeZone: ISTANBUL };
}

/** The readout's and the crosshair's date: '27 Eki 2026' for a day; with `withTime`, '27 Eki 10:30' (Istanbul). */
export function formatCandleTime(time: string, withTime: boolean): string {
  const { date, timeZone } = instant(time);
  if (isDailyTime(time) || !withTime)
    return dateFormat('tr-TR', { timeZone, day: '2-digit', month: 'short', year: 'numeric' }).format(date);
  return dateFormat('tr-TR', {
    timeZone,
    day: '2-digit',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

/** How much a time axis tick marks: a new year, month, day, or only a time of day. */
export type TickWeight = 0 | 1 | 2 | 3;

/** The calendar day of a candle, 'YYYY-MM-DD' (intraday: in Istanbul). */
function dayOf(time: string): string {
  if (isDailyTime(time)) return time;
  return dateFormat('en-CA', {
    timeZone: ISTANBUL,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(time));
}

/**
 * The weight of each candle as a tick: 0 where a year starts, 1 a month, 2 a day, 3 a time within the day. The
 * first candle counts as a day.
 */
export function tickWeights(times: readonly string[]): TickWeight[] {
  const days = times.map(dayOf);
  return days.map((day, i): TickWeight => {
    const previous = days[i - 1];
    if (previous === undefined) return 2;
    if (previous.slice(0, 4) !== day.slice(0, 4)) return 0;
    if (previous.slice(0, 7) !== day.slice(0, 7)) return 1;
    return previous === day ? 3 : 2;
  });
}

/** The label of a tick of that weight: '2026', 'Kas', '18 Kas', '10:30' (tr-TR; intraday in Istanbul). */
export function tickLabel(time: string, weight: TickWeight): string {
  const { date, timeZone } = instant(time);
  const options: Intl.DateTimeFormatOptions =
    weight === 0
      ? { timeZone, year: 'numeric' }
      : weight === 1
        ? { timeZone, month: 'short' }
        : weight === 2
          ? { timeZone, day: 'numeric', month: 'short' }
          : { timeZone, hour: '2-digit', minute: '2-digit' };
  return dateFormat('tr-TR', options).format(date);
}

export interface TimeTick {
  index: number;
  x: number;
  label: string;
  weight: TickWeight;
}

/**
 * The time axis labels of the visible candles `first…last`: the strongest marks first (years, then months, days,
 * times), each kept only when it stands at least `spacing` px from those already kept, inside [minX, maxX].
 */
export function timeTicks(
  times: readonly string[],
  weights: readonly TickWeight[],
  [first, last]: readonly [number, number],
  x: Scale,
  spacing: number,
  [minX, maxX]: readonly [number, number],
): TimeTick[] {
  const candidates: number[] = [];
  for (let i = Math.max(0, first); i <= last && i < times.length; i++) {
    const xi = x(i);
    if (xi >= minX && xi <= maxX) candidates.push(i);
  }
  candidates.sort((a, b) => weights[a]! - weights[b]! || a - b);
  const kept: number[] = [];
  for (const i of candidates) {
    const xi = x(i);
    if (kept.every((k) => Math.abs(x(k) - xi) >= spacing)) kept.push(i);
  }
  return kept
    .sort((a, b) => a - b)
    .map((index) => ({
      index,
      x: x(index),
      label: tickLabel(times[index]!, weights[index]!),
      weight: weights[index]!,
    }));
}

// ───────────────────────────── The visible window ─────────────────────────────

/**
 * The candles in view, in candle units: candle i occupies [i, i + 1). `to` may run past the last candle by
 * RIGHT_OFFSET (room after the latest candle, as the chart had before).
 */
export interface View {
  from: number;
  to: number;
}

export const RIGHT_OFFSET = 3;
/** Zooming in stops at this many candles in view. */
export const MIN_BARS = 10;

/** Every candle in view. */
export function fitView(count: number): View {
  return { from: 0, to: count + RIGHT_OFFSET };
}

/** The view kept inside the candles: between MIN_BARS and all of them wide, not before the first or after the end. */
export function clampView(view: View, count: number): View {
  const max = count + RIGHT_OFFSET;
  const min = Math.min(MIN_BARS, max);
  const span = Math.min(max, Math.max(min, view.to - view.from));
  const from = Math.min(max - span, Math.max(0, view.from));
  return { from, to: from + span };
}

/** The view zoomed by `factor` (> 1 shows more candles) around `anchor` (a candle position that stays put). */
export function zoomView(view: View, factor: number, anchor: number, count: number): View {
  const span = view.to - view.from;
  const max = count + RIGHT_OFFSET;
  const next = Math.min(max, Math.max(Math.min(MIN_BARS, max), span * factor));
  const share = span > 0 ? (anchor - view.from) / span : 1;
  const from = anchor - share * next;
  return clampView({ from, to: from + next }, count);
}

/** The view moved by `bars` candles (positive: later candles). */
export function panView(view: View, bars: number, count: number): View {
  return clampView({ from: view.from + bars, to: view.to + bars }, count);
}

/** The view moved just enough to show candle `index` whole. */
export function revealIndex(view: View, index: number, count: number): View {
  if (index < view.from) return panView(view, index - view.from, count);
  if (index + 1 > view.to) return panView(view, index + 1 - view.to, count);
  return view;
}

/** What the investor last did to the view, and for which series (its first candle) and length. */
export interface ViewState {
  key: string | undefined;
  count: number;
  view: View;
}

/**
 * The view for the current candles. Another series (another range or symbol: the first candle differs) starts
 * with every candle in view; a live candle appended to the same series keeps the view where it was, moved along
 * when the latest candle was in view so it stays in view.
 */
export function resolveView(state: ViewState | null, key: string | undefined, count: number): View {
  if (!state || state.key !== key) return fitView(count);
  if (state.count === count) return clampView(state.view, count);
  const fitted = state.view.from <= 0 && state.view.to >= state.count + RIGHT_OFFSET;
  if (fitted) return fitView(count);
  const followed = state.view.to >= state.count;
  return followed ? panView(state.view, count - state.count, count) : clampView(state.view, count);
}

/** The candles at least partly in view, [first, last]; first > last when none is. */
export function visibleRange(view: View, count: number): [number, number] {
  return [Math.max(0, Math.floor(view.from)), Math.min(count - 1, Math.ceil(view.to) - 1)];
}

/** The x of each candle's centre for a plot starting at `left`, `width` px wide. */
export function indexScale(view: View, left: number, width: number): Scale {
  const position = linearScale([view.from, view.to], [left, left + width]);
  return (index) => position(index + 0.5);
}

/** The candle under x (clamped to the candles); -1 without candles. */
export function indexAt(view: View, left: number, width: number, x: number, count: number): number {
  if (count === 0) return -1;
  const position = linearScale([left, left + width], [view.from, view.to])(x);
  return Math.min(count - 1, Math.max(0, Math.floor(position)));
}

// ───────────────────────────── Panes and paths ─────────────────────────────

/** The lowest and highest of the candles `first…last` and of the lines drawn over them; null when empty. */
export function priceExtent(
  candles: readonly Candle[],
  lines: readonly (readonly (number | null)[])[],
  [first, last]: readonly [number, number],
): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = first; i <= last; i++) {
    const c = candles[i];
    if (c) {
      lo = Math.min(lo, c.low);
      hi = Math.max(hi, c.high);
    }
    for (const line of lines) {
      const v = line[i];
      if (v !== null && v !== undefined) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    }
  }
  return lo <= hi ? [lo, hi] : null;
}

export interface PaneScale {
  y: Scale;
  /** The value at a y inside the pane. */
  value: Scale;
  /** Round values for the axis, inside the pane. */
  ticks: number[];
}

/**
 * The y scale of a pane from `top` to `bottom` px: [lo, hi] fills it but for `margins` (fractions of its height)
 * above and below; about one tick per `tickGap` px.
 */
export function paneScale(
  [lo, hi]: readonly [number, number],
  top: number,
  bottom: number,
  margins: { top: number; bottom: number },
  tickGap = 40,
): PaneScale {
  const height = bottom - top;
  const pad = hi > lo ? 0 : Math.abs(hi) * 0.01 || 1;
  const domain: [number, number] = [lo - pad, hi + pad];
  const range: [number, number] = [bottom - margins.bottom * height, top + margins.top * height];
  const y = linearScale(domain, range);
  const value = linearScale(range, domain);
  return {
    y,
    value,
    ticks: niceTicks(value(bottom), value(top), Math.max(2, Math.floor(height / tickGap))).filter((t) => {
      const ty = y(t);
      return ty >= top + 6 && ty <= bottom - 6;
    }),
  };
}

/** Width of a candle body (and a volume bar) for candles `spacing` px apart: odd when wider than 2 px, so the wick sits in the middle. */
export function bodyWidth(spacing: number): number {
  const width = Math.max(1, Math.floor(spacing * 0.8));
  return width > 2 && width % 2 === 0 ? width - 1 : width;
}

/** A filled rectangle as a sub-path, on whole pixels. */
function rect(x: number, top: number, width: number, bottom: number): string {
  const y0 = Math.round(Math.min(top, bottom));
  const height = Math.max(1, Math.round(Math.max(top, bottom)) - y0);
  return `M${x} ${y0}h${width}v${height}h${-width}Z`;
}

/** The shapes of the candles `first…last` joined into two paths: rising candles (close ≥ open) and falling ones. */
function byDirection(
  candles: readonly Candle[],
  [first, last]: readonly [number, number],
  shape: (candle: Candle, index: number) => string,
): { up: string; down: string } {
  const up: string[] = [];
  const down: string[] = [];
  for (let i = first; i <= last; i++) {
    const c = candles[i];
    if (c) (c.close >= c.open ? up : down).push(shape(c, i));
  }
  return { up: up.join(''), down: down.join('') };
}

/**
 * The candles `first…last` as two paths, rising and falling: each candle a body from open to close (at least 1 px
 * tall) and a 1 px wick from high to low, centred on its x.
 */
export function candlePaths(
  candles: readonly Candle[],
  range: readonly [number, number],
  x: Scale,
  y: Scale,
  spacing: number,
): { up: string; down: string } {
  const width = bodyWidth(spacing);
  return byDirection(candles, range, (c, i) => {
    const centre = Math.round(x(i));
    return (
      rect(centre - Math.floor(width / 2), y(c.open), width, y(c.close)) +
      rect(centre, y(c.high), 1, y(c.low))
    );
  });
}

/** The volume bars of `first…last`, up and down like their candles, from `baseY` up to their volume. */
export function volumePaths(
  candles: readonly Candle[],
  range: readonly [number, number],
  x: Scale,
  y: Scale,
  baseY: number,
  spacing: number,
): { up: string; down: string } {
  const width = bodyWidth(spacing);
  return byDirection(candles, range, (c, i) =>
    c.volume > 0 ? rect(Math.round(x(i)) - Math.floor(width / 2), y(c.volume), width, baseY) : '',
  );
}

/**
 * An indicator line over `first…last` and one value either side (so it runs to the plot's edges); missing values
 * (the window not full yet) are skipped.
 */
export function seriesPath(
  values: readonly (number | null)[],
  [first, last]: readonly [number, number],
  x: Scale,
  y: Scale,
): string {
  const points: Point[] = [];
  for (let i = Math.max(0, first - 1); i <= Math.min(values.length - 1, last + 1); i++) {
    const v = values[i];
    if (v !== null && v !== undefined) points.push([x(i), y(v)]);
  }
  return linePath(points);
}

/** Width of the price axis that fits its longest label (12 px digits ≈ 7 px each), at least 48 px. */
export function axisWidth(labels: readonly string[]): number {
  const longest = labels.reduce((max, label) => Math.max(max, label.length), 0);
  return Math.max(48, Math.ceil(longest * 7) + 16);
}

// ───────────────────────────── Readout ─────────────────────────────

/** What the readout shows: the candle under the crosshair, or the latest one. */
export interface CandleReadout {
  candle: Candle;
  /** Change from the previous candle's close, percent; null for the first candle. */
  changePercent: number | null;
}

/** The readout of candle `index`: its O/H/L/C, volume and change from the previous close. */
export function candleReadout(candles: readonly Candle[], index: number): CandleReadout | null {
  const candle = candles[index];
  if (!candle) return null;
  const previous = candles[index - 1];
  return {
    candle,
    changePercent:
      previous && previous.close > 0 ? ((candle.close - previous.close) / previous.close) * 100 : null,
  };
}

/** The candle the readout shows: the one picked by pointer or keyboard, else the latest. */
export function readoutIndex(picked: number | null, count: number): number {
  return picked !== null && picked >= 0 && picked < count ? picked : count - 1;
}

/** The visible range in words' raw material: its first and last day, lowest low, highest high, last close. */
export interface RangeSummary {
  from: string;
  to: string;
  low: number;
  high: number;
  close: number;
}

export function rangeSummary(
  candles: readonly Candle[],
  [first, last]: readonly [number, number],
): RangeSummary | null {
  const start = candles[first];
  const end = candles[last];
  const extent = priceExtent(candles, [], [first, last]);
  if (!start || !end || !extent) return null;
  return {
    from: formatCandleTime(start.time, false),
    to: formatCandleTime(end.time, false),
    low: extent[0],
    high: extent[1],
    close: end.close,
  };
}

// ───────────────────────────── The whole picture ─────────────────────────────

/** Height of the time axis under the panes. */
export const TIME_AXIS_HEIGHT = 28;
/** The RSI pane's height relative to the price pane's (as the chart had before: 0.32 : 1). */
const RSI_SHARE = 0.32;
/** Volume bars fill the lowest fifth of the price pane. */
const VOLUME_SHARE = 0.2;
/** RSI runs 0–100 with a small margin so 0 and 100 stay inside the pane. */
const RSI_MARGIN = 0.04;

/** A line drawn over the prices (a moving average, a Bollinger band), in its legend's colour. */
export interface Overlay {
  id: string;
  values: readonly (number | null)[];
  color: string;
}

/** MACD's three series over the candles. */
export interface MacdSeries {
  macd: readonly (number | null)[];
  signal: readonly (number | null)[];
  histogram: readonly (number | null)[];
}

/** What is drawn besides the prices: lines over them, and the lower panes (RSI, MACD) when chosen. */
export interface Indicators {
  overlays: readonly Overlay[];
  rsi: readonly (number | null)[] | null;
  macd: MacdSeries | null;
}

export interface Pane extends PaneScale {
  top: number;
  bottom: number;
}

export interface CandleScene {
  /** The plot runs from x 0 to `right`; the price axis from `right` to the full width. */
  right: number;
  axisWidth: number;
  x: Scale;
  spacing: number;
  range: [number, number];
  price: Pane;
  rsi: Pane | null;
  macd: Pane | null;
  timeAxisTop: number;
  /** Candles (candle type) or empty paths (line type). */
  candles: { up: string; down: string };
  /** The closes as one line (line type), else ''. */
  closeLine: string;
  /** Empty paths when volume is not shown. */
  volume: { up: string; down: string };
  overlays: { id: string; color: string; d: string }[];
  lines: { rsi: string; macd: string; signal: string };
  /** MACD histogram bars above and below zero. */
  histogram: { up: string; down: string };
  timeTicks: TimeTick[];
}

/** The lowest and highest value of `series` over `first…last`, null when none. */
function seriesExtent(
  series: readonly (readonly (number | null)[])[],
  [first, last]: readonly [number, number],
): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const line of series)
    for (let i = first; i <= last; i++) {
      const v = line[i];
      if (v !== null && v !== undefined) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    }
  return lo <= hi ? [lo, hi] : null;
}

/** MACD histogram bars of `first…last` from the zero line, rising (≥ 0) and falling apart. */
function histogramPaths(
  values: readonly (number | null)[],
  [first, last]: readonly [number, number],
  x: Scale,
  y: Scale,
  spacing: number,
): { up: string; down: string } {
  const width = bodyWidth(spacing);
  const zero = y(0);
  const up: string[] = [];
  const down: string[] = [];
  for (let i = first; i <= last; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    (v >= 0 ? up : down).push(rect(Math.round(x(i)) - Math.floor(width / 2), y(v), width, zero));
  }
  return { up: up.join(''), down: down.join('') };
}

/**
 * Everything the chart draws for `width` × `height` px: the price pane (candles or a close line, volume when
 * chosen, the overlays), an RSI and a MACD pane when chosen, the price axis as wide as its labels, the time axis.
 */
export function candleScene({
  candles,
  indicators,
  weights,
  view,
  width,
  height,
  priceLabel,
  type = 'candle',
  volume = true,
}: {
  candles: readonly Candle[];
  indicators: Indicators | null;
  weights: readonly TickWeight[];
  view: View;
  width: number;
  height: number;
  priceLabel: (value: number) => string;
  type?: 'candle' | 'line';
  volume?: boolean;
}): CandleScene {
  const range = visibleRange(view, candles.length);
  const panes = Math.max(2, height - TIME_AXIS_HEIGHT);
  const lower = [indicators?.rsi ? 'rsi' : null, indicators?.macd ? 'macd' : null].filter(
    (pane): pane is 'rsi' | 'macd' => pane !== null,
  );
  const priceBottom = Math.round(panes / (1 + RSI_SHARE * lower.length));
  const lowerHeight = lower.length > 0 ? (panes - priceBottom) / lower.length : 0;
  const overlays = indicators?.overlays ?? [];
  const price: Pane = {
    top: 0,
    bottom: priceBottom,
    ...paneScale(
      priceExtent(
        candles,
        overlays.map((o) => o.values),
        range,
      ) ?? [0, 1],
      0,
      priceBottom,
      { top: 0.2, bottom: volume ? 0.1 : 0.06 },
    ),
  };
  const lowerPane = (name: 'rsi' | 'macd'): Pane | null => {
    const at = lower.indexOf(name);
    if (at < 0) return null;
    const top = Math.round(priceBottom + at * lowerHeight) + 1;
    const bottom = Math.round(priceBottom + (at + 1) * lowerHeight);
    if (name === 'rsi')
      return {
        top,
        bottom,
        ...paneScale([0, 100], top, bottom, { top: RSI_MARGIN, bottom: RSI_MARGIN }, 20),
      };
    const m = indicators!.macd!;
    const [lo, hi] = seriesExtent([m.macd, m.signal, m.histogram], range) ?? [-1, 1];
    const bound = Math.max(Math.abs(lo), Math.abs(hi)) || 1;
    return { top, bottom, ...paneScale([-bound, bound], top, bottom, { top: 0.1, bottom: 0.1 }, 24) };
  };
  const rsi = lowerPane('rsi');
  const macdPane = lowerPane('macd');
  const lastClose = candles[candles.length - 1]?.close;
  const axis = axisWidth(
    [
      ...price.ticks,
      ...(rsi?.ticks ?? []),
      ...(macdPane?.ticks ?? []),
      ...(lastClose === undefined ? [] : [lastClose]),
    ].map(priceLabel),
  );
  const right = Math.max(1, width - axis);
  const x = indexScale(view, 0, right);
  const spacing = right / Math.max(1e-9, view.to - view.from);
  let maxVolume = 0;
  for (let i = range[0]; i <= range[1]; i++) maxVolume = Math.max(maxVolume, candles[i]?.volume ?? 0);
  const volumeY = linearScale([0, maxVolume || 1], [priceBottom, priceBottom - VOLUME_SHARE * priceBottom]);
  const closes = candles.map((c) => c.close);
  return {
    right,
    axisWidth: axis,
    x,
    spacing,
    range,
    price,
    rsi,
    macd: macdPane,
    timeAxisTop: panes,
    candles: type === 'candle' ? candlePaths(candles, range, x, price.y, spacing) : { up: '', down: '' },
    closeLine: type === 'line' ? seriesPath(closes, range, x, price.y) : '',
    volume: volume ? volumePaths(candles, range, x, volumeY, priceBottom, spacing) : { up: '', down: '' },
    overlays: overlays.map((o) => ({ id: o.id, color: o.color, d: seriesPath(o.values, range, x, price.y) })),
    lines: {
      rsi: rsi && indicators?.rsi ? seriesPath(indicators.rsi, range, x, rsi.y) : '',
      macd: macdPane && indicators?.macd ? seriesPath(indicators.macd.macd, range, x, macdPane.y) : '',
      signal: macdPane && indicators?.macd ? seriesPath(indicators.macd.signal, range, x, macdPane.y) : '',
    },
    histogram:
      macdPane && indicators?.macd
        ? histogramPaths(indicators.macd.histogram, range, x, macdPane.y, spacing)
        : { up: '', down: '' },
    timeTicks: timeTicks(
      candles.map((c) => c.time),
      weights,
      range,
      x,
      72,
      [16, right - 16],
    ),
  };
}
