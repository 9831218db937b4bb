import type { ReactNode } from 'react';
import { useChartColors } from './chart-colors';
import { AxisLabel, ChartFrame, ValueGrid } from './chart-frame';
import {
  gappedLinePath,
  linearScale,
  nearestIndex,
  niceTicks,
  spreadIndices,
  type Point,
} from './svg-geometry';

export interface LineSeries {
  /** Written to data-chart-line. */
  id: string;
  /** The legend's and the table's name of the series. */
  name: string;
  /** One value per point; null where the series has none (the line breaks there unless `connectNulls`). */
  values: readonly (number | null)[];
  color: string;
  dashed?: boolean;
  width?: number;
  /** A dot on every point. */
  dots?: boolean;
  connectNulls?: boolean;
}

/** A dot on one point of the chart (a day with a deposit or a withdrawal). */
export interface LineMarker {
  /** Written to data-chart-marker. */
  id: string;
  index: number;
  value: number;
  color: string;
}

export interface LineChartProps {
  /** The chart's accessible name; also the caption of its table alternative. */
  label: string;
  /** Each point's x label (a date); the table's row headers and the axis labels. */
  labels: readonly string[];
  /** Positions on a numeric x axis (ascending); without them the points are evenly spaced. */
  x?: readonly number[];
  /** The numeric x axis' tick labels. */
  xFormat?: (value: number) => string;
  series: readonly LineSeries[];
  markers?: readonly LineMarker[];
  yDomain: readonly [number, number];
  yFormat: (value: number) => string;
  /** A table cell: a series' value at a point (its readout's text too, unless `readout` is given). */
  valueFormat: (value: number) => string;
  /** What the readout shows for a point; by default its label and each series' value. */
  readout?: (index: number) => ReactNode;
  /** Solid horizontal lines at these values (zero). */
  references?: readonly number[];
  yAxisWidth?: number;
  /** A legend of the series under the plot. */
  legend?: boolean;
}

const MARGIN_TOP = 8;
const MARGIN_RIGHT = 16;
const AXIS_HEIGHT = 24;

/**
 * One or more lines over the same points, drawn as plain SVG in the shared chart frame (chart-frame.tsx): y grid
 * and axis, x labels spread so they do not collide (or round ticks on a numeric x axis), dashed series, markers on
 * single points, an optional legend; hover or the arrow keys pick a point.
 */
export function LineChart({
  label,
  labels,
  x,
  xFormat = String,
  series,
  markers = [],
  yDomain,
  yFormat,
  valueFormat,
  readout,
  references = [],
  yAxisWidth = 64,
  legend = false,
}: LineChartProps) {
  const colors = useChartColors();
  const count = labels.length;

  const layout = ({ width, height }: { width: number; height: number }) => {
    const left = yAxisWidth;
    const right = Math.max(left + 1, width - MARGIN_RIGHT);
    const top = MARGIN_TOP;
    const bottom = Math.max(top + 1, height - AXIS_HEIGHT);
    const xDomain: [number, number] | null = x && x.length > 0 ? [x[0]!, x[x.length - 1]!] : null;
    const xScale = xDomain ? linearScale(xDomain, [left, right]) : null;
    const band = count > 1 ? (right - left) / (count - 1) : 0;
    const xs =
      xScale && x ? x.map(xScale) : labels.map((_, i) => (count > 1 ? left + band * i : (left + right) / 2));
    return { left, right, top, bottom, xs, xScale, xDomain };
  };

  const defaultReadout = (i: number) => (
    <>
      <span className="font-semibold">{labels[i]}</span>
      {series.map((s) => {
        const v = s.values[i];
        return v === null || v === undefined ? null : (
          <span key={s.id} className="block tabular-nums">
            {s.name}: {valueFormat(v)}
          </span>
        );
      })}
    </>
  );

  return (
    <ChartFrame
      label={label}
      kind="line"
      count={count}
      pick={(px, _py, size) => nearestIndex(layout(size).xs, px)}
      readoutAt={(i, size) => layout(size).xs[i]!}
      readout={readout ?? defaultReadout}
      table={{
        columns: series.map((s) => s.name),
        rows: labels.map((rowLabel, i) => ({
          label: rowLabel,
          cells: series.map((s) => {
            const v = s.values[i];
            return v === null || v === undefined ? '---' : valueFormat(v);
          }),
        })),
      }}
      footer={
        legend ? (
          <ChartLegend items={series.map((s) => ({ name: s.name, color: s.color, dashed: s.dashed }))} />
        ) : null
      }
    >
      {(size, active) => {
        const { left, right, top, bottom, xs, xScale, xDomain } = layout(size);
        const y = linearScale(yDomain, [bottom, top]);
        const yTicks = niceTicks(yDomain[0], yDomain[1], Math.max(2, Math.floor((bottom - top) / 48)));
        const plotWidth = right - left;
        const xTicks =
          xScale && xDomain ? niceTicks(xDomain[0], xDomain[1], Math.max(2, Math.floor(plotWidth / 80))) : [];
        const labelIndices = xScale ? [] : spreadIndices(count, Math.max(2, Math.floor(plotWidth / 72)));
        const pointsOf = (s: LineSeries): (Point | null)[] =>
          xs.map((px, i) => {
            const v = s.values[i];
            return v === null || v === undefined ? null : [px, y(v)];
          });
        return (
          <svg width={size.width} height={size.height} aria-hidden="true" focusable="false" className="block">
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
            {xScale
              ? xTicks.map((tick) => (
                  <AxisLabel key={tick} x={xScale(tick)} y={bottom + 16} colors={colors}>
                    {xFormat(tick)}
                  </AxisLabel>
                ))
              : labelIndices.map((i) => (
                  <AxisLabel
                    key={i}
                    x={xs[i]!}
                    y={bottom + 16}
                    anchor={count > 1 && i === 0 ? 'start' : count > 1 && i === count - 1 ? 'end' : 'middle'}
                    colors={colors}
                  >
                    {labels[i]}
                  </AxisLabel>
                ))}
            {references.map((value) => (
              <line
                key={value}
                x1={left}
                x2={right}
                y1={y(value)}
                y2={y(value)}
                stroke={colors.muted}
                strokeOpacity={0.5}
                data-chart-reference=""
              />
            ))}
            {active !== null ? (
              <line
                x1={xs[active]}
                x2={xs[active]}
                y1={top}
                y2={bottom}
                stroke={colors.muted}
                strokeDasharray="3 3"
              />
            ) : null}
            {series.map((s) => {
              const points = pointsOf(s);
              return (
                <g key={s.id}>
                  <path
                    d={gappedLinePath(s.connectNulls ? points.filter((p) => p !== null) : points)}
                    fill="none"
                    stroke={s.color}
                    strokeWidth={s.width ?? 2}
                    strokeDasharray={s.dashed ? '5 4' : undefined}
                    strokeLinejoin="round"
                    data-chart-line={s.id}
                  />
                  {s.dots
                    ? points.map((p, i) =>
                        p ? (
                          <circle key={i} cx={p[0]} cy={p[1]} r={3} fill={s.color} data-chart-dot="" />
                        ) : null,
                      )
                    : null}
                  {active !== null && points[active] ? (
                    <circle
                      cx={points[active][0]}
                      cy={points[active][1]}
                      r={5}
                      fill={s.color}
                      stroke={colors.card}
                      strokeWidth={2}
                    />
                  ) : null}
                </g>
              );
            })}
            {markers.map((m) => {
              const cx = xs[m.index];
              if (cx === undefined) return null;
              return (
                <circle
                  key={`${m.id}-${m.index}`}
                  cx={cx}
                  cy={y(m.value)}
                  r={4}
                  fill={m.color}
                  stroke={colors.card}
                  data-chart-marker={m.id}
                />
              );
            })}
          </svg>
        );
      }}
    </ChartFrame>
  );
}

/** A legend under a chart: a line (dashed when the series is) in the series' colour and its name. */
function ChartLegend({
  items,
}: {
  items: readonly { name: string; color: string; dashed?: boolean | undefined }[];
}) {
  return (
    <ul
      className="flex flex-wrap justify-center gap-x-4 gap-y-1 pt-1 text-xs text-muted-foreground"
      data-chart-legend=""
    >
      {items.map((item) => (
        <li key={item.name} className="flex items-center gap-1.5">
          <svg width="16" height="8" aria-hidden="true" focusable="false">
            <line
              x1="0"
              x2="16"
              y1="4"
              y2="4"
              stroke={item.color}
              strokeWidth={2}
              strokeDasharray={item.dashed ? '4 3' : undefined}
            />
          </svg>
          {item.name}
        </li>
      ))}
    </ul>
  );
}
