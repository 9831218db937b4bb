/**
 * The arithmetic of the small SVG charts (svg-chart.tsx): linear scales, round axis ticks, path strings, the point
 * nearest the pointer. Pure, so it is unit-tested without a browser.
 */

export type Scale = (value: number) => number;

/** Maps [d0, d1] linearly onto [r0, r1]; a zero-width domain maps everything to the middle of the range. */
export function linearScale([d0, d1]: readonly [number, number], [r0, r1]: readonly [number, number]): Scale {
  const span = d1 - d0;
  if (span === 0 || !Number.isFinite(span)) return () => (r0 + r1) / 2;
  const k = (r1 - r0) / span;
  return (value) => r0 + (value - d0) * k;
}

/** A round step (1, 2, 2.5 or 5 × 10ⁿ) that splits `span` into about `count` parts. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !(count > 0)) return 1;
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / magnitude;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * magnitude;
}

/** Round tick values inside [min, max] (both ends included when they fall on a step), about `count` of them. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) return [min];
  const [lo, hi] = min < max ? [min, max] : [max, min];
  const step = niceStep(hi - lo, count);
  const first = Math.ceil(lo / step - 1e-9);
  const last = Math.floor(hi / step + 1e-9);
  const ticks: number[] = [];
  for (let i = first; i <= last; i++) ticks.push(roundTo(i * step, step));
  return ticks;
}

/** Removes floating-point noise: 0.30000000000000004 → 0.3 for a step of 0.1. */
function roundTo(value: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  return Number(value.toFixed(decimals));
}

/** A domain from zero to a round number above the largest value (bar charts start at zero). */
export function zeroBasedDomain(values: readonly number[], count = 5): [number, number] {
  const max = Math.max(0, ...values.filter(Number.isFinite));
  if (max === 0) return [0, 1];
  const step = niceStep(max, count);
  return [0, Math.ceil(max / step - 1e-9) * step];
}

/** The values' range widened by `padding` of its span on each side (a flat series gets a small band around it). */
export function paddedDomain(values: readonly number[], padding = 0.08): [number, number] {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return [0, 1];
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  const pad = (max - min) * padding || Math.abs(max) * 0.002 || 1;
  return [min - pad, max + pad];
}

export type Point = readonly [number, number];

/** A coordinate for a path string: at most two decimals. */
export const num = (value: number) => (Math.round(value * 100) / 100).toString();

/** 'M x0 y0 L x1 y1 …' through the points; '' without points. */
export function linePath(points: readonly Point[]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${num(x)} ${num(y)}`).join(' ');
}

/** The line closed down to `baselineY`: the filled area under a series. */
export function areaPath(points: readonly Point[], baselineY: number): string {
  if (points.length === 0) return '';
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return `${linePath(points)} L${num(last[0])} ${num(baselineY)} L${num(first[0])} ${num(baselineY)} Z`;
}

/**
 * A bar from `base` to `end` along one axis, `from`…`to` across it, its two corners at `end` rounded by `radius`
 * (clamped to fit); `xy(along, across)` places a point. '' for an empty bar.
 */
function roundedBar(
  base: number,
  end: number,
  [from, to]: readonly [number, number],
  radius: number,
  xy: (along: number, across: number) => string,
): string {
  const length = Math.abs(base - end);
  if (length <= 0 || to - from <= 0) return '';
  const r = Math.max(0, Math.min(radius, (to - from) / 2, length));
  const back = end < base ? r : -r;
  return [
    `M${xy(base, from)}`,
    `L${xy(end + back, from)}`,
    `Q${xy(end, from)} ${xy(end, from + r)}`,
    `L${xy(end, to - r)}`,
    `Q${xy(end, to)} ${xy(end + back, to)}`,
    `L${xy(base, to)}`,
    'Z',
  ].join(' ');
}

/** A bar from `y` down to `baseY` with its top corners rounded by `radius` (clamped to fit). */
export function barPath(x: number, y: number, width: number, baseY: number, radius: number): string {
  if (baseY - y <= 0 || width <= 0) return '';
  return roundedBar(baseY, y, [x, x + width], radius, (along, across) => `${num(across)} ${num(along)}`);
}

/** A bar from `baseX` right to `x`, `y`…`y + height` tall, with its right corners rounded by `radius`. */
export function horizontalBarPath(
  baseX: number,
  x: number,
  y: number,
  height: number,
  radius: number,
): string {
  if (x - baseX <= 0 || height <= 0) return '';
  return roundedBar(baseX, x, [y, y + height], radius, (along, across) => `${num(along)} ${num(across)}`);
}

/** A line through the points that breaks where one is missing (null): one 'M … L …' run per unbroken stretch. */
export function gappedLinePath(points: readonly (Point | null)[]): string {
  const runs: Point[][] = [[]];
  for (const point of points) {
    if (point) runs[runs.length - 1]!.push(point);
    else if (runs[runs.length - 1]!.length > 0) runs.push([]);
  }
  return runs
    .filter((run) => run.length > 0)
    .map(linePath)
    .join(' ');
}

/** Index of the x (sorted ascending) nearest to `target`; -1 for an empty list. */
export function nearestIndex(xs: readonly number[], target: number): number {
  if (xs.length === 0) return -1;
  let lo = 0;
  let hi = xs.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! <= target) lo = mid;
    else hi = mid;
  }
  return Math.abs(xs[lo]! - target) <= Math.abs(xs[hi]! - target) ? lo : hi;
}

/** Up to `count` indices spread evenly over 0…length-1, first and last included (which x labels to print). */
export function spreadIndices(length: number, count: number): number[] {
  if (length <= 0) return [];
  if (count >= length) return Array.from({ length }, (_, i) => i);
  if (count <= 1) return [0];
  const out = new Set<number>();
  for (let i = 0; i < count; i++) out.add(Math.round((i * (length - 1)) / (count - 1)));
  return [...out];
}

/** The active index after a key press (arrows step, Home/End jump); null when the key does not move it. */
export function stepIndex(key: string, current: number | null, length: number): number | null {
  if (length === 0) return null;
  const from = current ?? length - 1;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return Math.max(0, from - 1);
    case 'ArrowRight':
    case 'ArrowUp':
      return Math.min(length - 1, from + 1);
    case 'Home':
      return 0;
    case 'End':
      return length - 1;
    default:
      return null;
  }
}
