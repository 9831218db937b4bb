/**
 * The arithmetic of the pie and donut charts (donut-chart.tsx): each slice's angles, the path of a ring slice, the
 * slice under the pointer. Pure, so it is unit-tested without a browser; apart from the other charts' geometry
 * (svg-geometry.ts) so the pages without a pie do not load it.
 */
import { num, type Point } from './svg-geometry';

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
