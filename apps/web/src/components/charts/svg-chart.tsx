import { useId, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '@/lib/utils';
import { useChartColors } from './chart-colors';
import {
  areaPath,
  barPath,
  linearScale,
  linePath,
  nearestIndex,
  niceTicks,
  spreadIndices,
  stepIndex,
  type Point,
} from './svg-geometry';
import { useElementSize } from './use-element-size';

export interface SvgChartPoint {
  /** The x-axis label (a symbol, a time). */
  label: string;
  value: number;
  /** Position on a numeric x axis (epoch ms); without it the points are evenly spaced categories. */
  x?: number;
  /** What the readout says for this point, e.g. 'THYAO: ₺312,50'. */
  readout: string;
}

export interface SvgChartProps {
  kind: 'bar' | 'line' | 'area';
  points: readonly SvgChartPoint[];
  /** The chart's accessible name; also the caption of its table alternative. */
  label: string;
  /** Header of the value column in the table alternative. */
  valueLabel: string;
  yDomain: readonly [number, number];
  yFormat: (value: number) => string;
  yAxisWidth?: number;
  /** Stroke / fill colour (a CSS colour); the theme's primary by default. */
  color?: string;
  /** A dashed horizontal reference line (the previous close). */
  reference?: number | undefined;
  marginRight?: number;
}

const MARGIN_TOP = 8;
const AXIS_HEIGHT = 24;
const TICK_FONT = 12;

/**
 * A bar, line or area chart drawn as plain SVG in the theme's colours (no chart library: recharts alone weighed
 * ≈ 100 kB gz). The plot is one focusable element: hover or the arrow keys (Home/End) pick a point and a readout
 * shows its value, announced politely; a visually hidden table lists every point for screen readers.
 */
export function SvgChart({
  kind,
  points,
  label,
  valueLabel,
  yDomain,
  yFormat,
  yAxisWidth = 64,
  color,
  reference,
  marginRight = 8,
}: SvgChartProps) {
  const colors = useChartColors();
  const [containerRef, { width, height }] = useElementSize<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);
  const id = useId().replace(/:/g, '');
  const stroke = color ?? colors.primary;

  const left = yAxisWidth;
  const right = Math.max(left + 1, width - marginRight);
  const top = MARGIN_TOP;
  const bottom = Math.max(top + 1, height - AXIS_HEIGHT);
  const plotWidth = right - left;
  const y = linearScale(yDomain, [bottom, top]);
  const yTicks = niceTicks(yDomain[0], yDomain[1], Math.max(2, Math.floor((bottom - top) / 48)));

  const numeric = kind === 'area' && points.every((p) => p.x !== undefined);
  const band = points.length > 0 ? plotWidth / points.length : plotWidth;
  const xs = numeric
    ? (() => {
        const values = points.map((p) => p.x!);
        const scale = linearScale([values[0]!, values[values.length - 1]!], [left, right]);
        return values.map(scale);
      })()
    : points.map((_, i) => left + band * (i + 0.5));
  const coords: Point[] = points.map((p, i) => [xs[i]!, y(p.value)]);
  const xLabelIndices = numeric
    ? spreadIndices(points.length, Math.max(2, Math.floor(plotWidth / 72)))
    : points.map((_, i) => i);

  const pick = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const index = nearestIndex(xs, event.clientX - rect.left);
    setActive(index < 0 ? null : index);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      setActive(null);
      return;
    }
    const next = stepIndex(event.key, active, points.length);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
  };

  const activePoint = active === null ? undefined : points[active];
  const barWidth = Math.min(56, band * 0.7);
  const readoutLeft = active === null ? 0 : Math.min(Math.max(xs[active]! - 80, 0), Math.max(0, width - 160));

  return (
    <div className="relative h-full w-full">
      <div
        ref={containerRef}
        role="group"
        aria-label={label}
        aria-describedby={`${id}-readout`}
        tabIndex={0}
        className="h-full w-full rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onPointerMove={pick}
        onPointerLeave={() => setActive(null)}
        onFocus={() => setActive((current) => current ?? points.length - 1)}
        onBlur={() => setActive(null)}
        onKeyDown={onKeyDown}
        data-chart-kind={kind}
      >
        {width > 0 && height > 0 ? (
          <svg width={width} height={height} aria-hidden="true" focusable="false" className="block">
            {kind === 'area' ? (
              <defs>
                <linearGradient id={`fill-${id}`} x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={stroke} stopOpacity={0.35} />
                  <stop offset="100%" stopColor={stroke} stopOpacity={0.02} />
                </linearGradient>
              </defs>
            ) : null}
            {yTicks.map((tick) => (
              <g key={tick}>
                <line
                  x1={left}
                  x2={right}
                  y1={y(tick)}
                  y2={y(tick)}
                  stroke={colors.border}
                  strokeDasharray="3 3"
                />
                <text
                  x={left - 8}
                  y={y(tick)}
                  dy="0.32em"
                  textAnchor="end"
                  fontSize={TICK_FONT}
                  fill={colors.muted}
                  data-chart-ytick=""
                >
                  {yFormat(tick)}
                </text>
              </g>
            ))}
            <line x1={left} x2={right} y1={bottom} y2={bottom} stroke={colors.border} />
            {xLabelIndices.map((i) => (
              <text
                key={i}
                x={xs[i]}
                y={bottom + 16}
                textAnchor={
                  numeric && i === 0 ? 'start' : numeric && i === points.length - 1 ? 'end' : 'middle'
                }
                fontSize={TICK_FONT}
                fill={colors.muted}
                data-chart-xtick=""
              >
                {points[i]!.label}
              </text>
            ))}
            {reference !== undefined ? (
              <line
                x1={left}
                x2={right}
                y1={y(reference)}
                y2={y(reference)}
                stroke={colors.muted}
                strokeDasharray="6 4"
                data-chart-reference=""
              />
            ) : null}
            {kind === 'bar' && active !== null ? (
              <rect
                x={xs[active]! - band / 2}
                y={top}
                width={band}
                height={bottom - top}
                fill={colors.border}
                opacity={0.4}
              />
            ) : null}
            {kind === 'bar'
              ? coords.map(([cx, cy], i) => (
                  <path
                    key={i}
                    d={barPath(cx - barWidth / 2, cy, barWidth, bottom, 4)}
                    fill={stroke}
                    data-chart-bar=""
                  />
                ))
              : null}
            {kind === 'area' ? (
              <path d={areaPath(coords, bottom)} fill={`url(#fill-${id})`} stroke="none" data-chart-area="" />
            ) : null}
            {kind !== 'bar' ? (
              <path
                d={linePath(coords)}
                fill="none"
                stroke={stroke}
                strokeWidth={2}
                strokeLinejoin="round"
                data-chart-line=""
              />
            ) : null}
            {kind === 'line'
              ? coords.map(([cx, cy], i) => (
                  <circle key={i} cx={cx} cy={cy} r={4} fill={stroke} data-chart-dot="" />
                ))
              : null}
            {kind !== 'bar' && active !== null ? (
              <>
                <line
                  x1={xs[active]}
                  x2={xs[active]}
                  y1={top}
                  y2={bottom}
                  stroke={colors.muted}
                  strokeDasharray="3 3"
                />
                <circle
                  cx={coords[active]![0]}
                  cy={coords[active]![1]}
                  r={5}
                  fill={stroke}
                  stroke={colors.card}
                  strokeWidth={2}
                />
              </>
            ) : null}
          </svg>
        ) : null}
      </div>
      <div
        id={`${id}-readout`}
        aria-live="polite"
        data-testid="chart-readout"
        className={cn(
          'pointer-events-none absolute top-1 rounded-md border bg-card px-2 py-1 text-xs text-card-foreground shadow-sm',
          activePoint ? '' : 'sr-only',
        )}
        style={activePoint ? { left: readoutLeft } : undefined}
      >
        {activePoint ? (
          <>
            <span className="font-semibold">{activePoint.label}</span> · {activePoint.readout}
          </>
        ) : null}
      </div>
      <table className="sr-only">
        <caption>{label}</caption>
        <tbody>
          {points.map((p, i) => (
            <tr key={i}>
              <th scope="row">{p.label}</th>
              <td>
                {valueLabel}: {p.readout}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
