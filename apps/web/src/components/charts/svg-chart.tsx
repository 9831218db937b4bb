import { useId } from 'react';
import { useChartColors } from './chart-colors';
import { AxisLabel, ChartFrame, ValueGrid } from './chart-frame';
import {
  areaPath,
  barPath,
  linearScale,
  linePath,
  nearestIndex,
  niceTicks,
  spreadIndices,
  type Point,
} from './svg-geometry';

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
  /** A click on a bar (or Enter on the picked one): the page's drill-down. */
  onSelect?: ((index: number) => void) | undefined;
}

const MARGIN_TOP = 8;
const AXIS_HEIGHT = 24;

/**
 * A bar, line or area chart drawn as plain SVG in the theme's colours (no chart library: recharts alone weighed
 * ≈ 100 kB gz), in the shared chart frame (chart-frame.tsx): focusable, a readout that follows the pointer or the
 * arrow keys, a hidden table of the points.
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
  onSelect,
}: SvgChartProps) {
  const colors = useChartColors();
  const id = useId().replace(/:/g, '');
  const stroke = color ?? colors.primary;
  const numeric = kind === 'area' && points.every((p) => p.x !== undefined);

  /** Where everything is for a chart `width` × `height` px. */
  const layout = ({ width, height }: { width: number; height: number }) => {
    const left = yAxisWidth;
    const right = Math.max(left + 1, width - marginRight);
    const top = MARGIN_TOP;
    const bottom = Math.max(top + 1, height - AXIS_HEIGHT);
    const plotWidth = right - left;
    const band = points.length > 0 ? plotWidth / points.length : plotWidth;
    const xs = numeric
      ? (() => {
          const values = points.map((p) => p.x!);
          const scale = linearScale([values[0]!, values[values.length - 1]!], [left, right]);
          return values.map(scale);
        })()
      : points.map((_, i) => left + band * (i + 0.5));
    return { left, right, top, bottom, plotWidth, band, xs };
  };

  return (
    <ChartFrame
      label={label}
      kind={kind}
      count={points.length}
      pick={(x, _y, size) => nearestIndex(layout(size).xs, x)}
      readoutAt={(i, size) => layout(size).xs[i]!}
      readout={(i) => (
        <>
          <span className="font-semibold">{points[i]!.label}</span> · {points[i]!.readout}
        </>
      )}
      table={{ columns: [valueLabel], rows: points.map((p) => ({ label: p.label, cells: [p.readout] })) }}
      onSelect={onSelect}
    >
      {(size, active) => {
        const { left, right, top, bottom, plotWidth, band, xs } = layout(size);
        const y = linearScale(yDomain, [bottom, top]);
        const yTicks = niceTicks(yDomain[0], yDomain[1], Math.max(2, Math.floor((bottom - top) / 48)));
        const coords: Point[] = points.map((p, i) => [xs[i]!, y(p.value)]);
        const xLabelIndices = numeric
          ? spreadIndices(points.length, Math.max(2, Math.floor(plotWidth / 72)))
          : spreadIndices(points.length, Math.max(2, Math.floor(plotWidth / 40)));
        const barWidth = Math.min(56, band * 0.7);
        return (
          <svg width={size.width} height={size.height} aria-hidden="true" focusable="false" className="block">
            {kind === 'area' ? (
              <defs>
                <linearGradient id={`fill-${id}`} x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={stroke} stopOpacity={0.35} />
                  <stop offset="100%" stopColor={stroke} stopOpacity={0.02} />
                </linearGradient>
              </defs>
            ) : null}
            <ValueGrid
              ticks={yTicks}
              scale={y}
              from={left}
              to={right}
              labelAt={left - 8}
              format={yFormat}
              colors={colors}
            />
            <line x1={left} x2={right} y1={bottom} y2={bottom} stroke={colors.border} />
            {xLabelIndices.map((i) => (
              <AxisLabel
                key={i}
                x={xs[i]!}
                y={bottom + 16}
                anchor={numeric && i === 0 ? 'start' : numeric && i === points.length - 1 ? 'end' : 'middle'}
                colors={colors}
              >
                {points[i]!.label}
              </AxisLabel>
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
        );
      }}
    </ChartFrame>
  );
}
