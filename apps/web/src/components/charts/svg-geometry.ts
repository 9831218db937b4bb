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

const num = (value: number) => (Math.round(value * 100) / 100).toString();

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

const TAU = 2 * Math.PI;

/** A pie slice's angles in radians, clockwise from twelve o'clock. */
export interface Arc {
  start: number;
  end: number;
}

/**
 * The slices of a pie of `values` (negative and non-finite ones count as 0), clockwise from twelve o'clock; each
 * slice gives up `padAngle` radians (half on each side) while it is wider than that, so neighbours stand apart.
 */
export function pieArcs(values: readonly number[], padAngle = 0): Arc[] {
  const shares = values.map((v) => (Number.isFinite(v) && v > 0 ? v : 0));
  const total = shares.reduce((sum, v) => sum + v, 0);
  let at = 0;
  return shares.map((v) => {
    const angle = total > 0 ? (v / total) * TAU : 0;
    const start = at;
    at += angle;
    const pad = angle > padAngle && angle < TAU ? padAngle / 2 : 0;
    return { start: start + pad, end: at - pad };
  });
}

/** The point at `angle` (clockwise from twelve o'clock) on the circle of radius `r` around (cx, cy). */
export function polar(cx: number, cy: number, r: number, angle: number): Point {
  return [cx + r * Math.sin(angle), cy - r * Math.cos(angle)];
}

function arcTo(cx: number, cy: number, r: number, from: number, to: number): string {
  const [x, y] = polar(cx, cy, r, to);
  const large = Math.abs(to - from) > Math.PI ? 1 : 0;
  const sweep = to > from ? 1 : 0;
  return `A${num(r)} ${num(r)} 0 ${large} ${sweep} ${num(x)} ${num(y)}`;
}

/**
 * A ring slice between radii `inner` and `outer` (inner 0: a pie wedge). A whole circle is drawn as two rings
 * (fill-rule evenodd leaves the hole). '' for an empty slice.
 */
export function donutSlicePath(cx: number, cy: number, outer: number, inner: number, arc: Arc): string {
  const span = arc.end - arc.start;
  if (!(span > 0) || !(outer > 0)) return '';
  const at = (r: number, angle: number) => polar(cx, cy, r, angle).map(num).join(' ');
  if (span >= TAU - 1e-9) {
    const ring = (r: number) =>
      `M${at(r, 0)} ${arcTo(cx, cy, r, 0, Math.PI)} ${arcTo(cx, cy, r, Math.PI, TAU)} Z`;
    return inner > 0 ? `${ring(outer)} ${ring(inner)}` : ring(outer);
  }
  const outside = `M${at(outer, arc.start)} ${arcTo(cx, cy, outer, arc.start, arc.end)}`;
  if (!(inner > 0)) return `${outside} L${num(cx)} ${num(cy)} Z`;
  return `${outside} L${at(inner, arc.end)} ${arcTo(cx, cy, inner, arc.end, arc.start)} Z`;
}

/**
 * The slice under the point (x, y): the one whose angle it falls in, when it lies between radii `inner` and
 * `outer` of the pie centred on (cx, cy); -1 elsewhere (the hole, outside, a gap between slices).
 */
export function arcIndexAt(
  arcs: readonly Arc[],
  [cx, cy]: Point,
  [inner, outer]: readonly [number, number],
  [x, y]: Point,
): number {
  const distance = Math.hypot(x - cx, y - cy);
  if (distance < inner || distance > outer) return -1;
  const angle = (Math.atan2(x - cx, cy - y) + TAU) % TAU;
  return arcs.findIndex((arc) => angle >= arc.start && angle < arc.end);
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
