import {
  useId,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { cn } from '@/lib/utils';
import type { ChartColors } from './chart-colors';
import type { Scale } from './svg-geometry';
import { stepIndex } from './svg-geometry';
import { useElementSize } from './use-element-size';

/** The visually hidden table that lists a chart's points: a row per point, a column per series. */
export interface ChartTable {
  columns: readonly string[];
  rows: readonly { label: string; cells: readonly string[] }[];
}

export interface ChartFrameProps {
  /** The chart's accessible name; also the caption of its table alternative. */
  label: string;
  /** Written to data-chart-kind (what the e2e suite and the styles can tell apart). */
  kind: string;
  /** How many points the arrow keys step through. */
  count: number;
  /** The point under the pointer at (x, y) px inside the chart, or -1 for none. */
  pick: (x: number, y: number, size: { width: number; height: number }) => number;
  /** What the readout says for a point. */
  readout: (index: number) => ReactNode;
  /** The x px the readout box is centred on for a point (it stays inside the chart). */
  readoutAt?: ((index: number, size: { width: number; height: number }) => number) | undefined;
  table: ChartTable;
  /** A click on a point, or Enter / Space on the picked one. */
  onSelect?: ((index: number) => void) | undefined;
  /** Shown under the plot (a legend); the plot takes the height that is left. */
  footer?: ReactNode;
  /** Draws the plot for its measured size, the picked point highlighted. */
  children: (size: { width: number; height: number }, active: number | null) => ReactNode;
}

const READOUT_WIDTH = 160;

/**
 * What every chart of ours shares around its drawing: the plot is one focusable element with the chart's name;
 * hover or the arrow keys (Home/End, Escape clears) pick a point whose readout is shown and announced politely;
 * a visually hidden table lists every point for screen readers. Only the drawing differs from chart to chart.
 */
export function ChartFrame({
  label,
  kind,
  count,
  pick,
  readout,
  readoutAt,
  table,
  onSelect,
  footer,
  children,
}: ChartFrameProps) {
  const [containerRef, size] = useElementSize<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);
  const id = useId().replace(/:/g, '');

  const at = (event: PointerEvent<HTMLDivElement> | MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return pick(event.clientX - rect.left, event.clientY - rect.top, size);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const index = at(event);
    setActive(index < 0 ? null : index);
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const index = at(event);
    if (onSelect && index >= 0) onSelect(index);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      setActive(null);
      return;
    }
    if (onSelect && active !== null && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onSelect(active);
      return;
    }
    const next = stepIndex(event.key, active, count);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
  };

  const shown = active !== null && active < count ? active : null;
  const centre = shown === null || !readoutAt ? 0 : readoutAt(shown, size);
  const readoutLeft = Math.min(
    Math.max(centre - READOUT_WIDTH / 2, 0),
    Math.max(0, size.width - READOUT_WIDTH),
  );

  return (
    <div className="flex h-full w-full flex-col">
      <div className="relative min-h-0 flex-1">
        <div
          ref={containerRef}
          role="group"
          aria-label={label}
          aria-describedby={`${id}-readout`}
          tabIndex={0}
          className={cn(
            'h-full w-full rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring',
            onSelect && 'cursor-pointer',
          )}
          onPointerMove={onPointerMove}
          onPointerLeave={() => setActive(null)}
          onClick={onSelect ? onClick : undefined}
          onFocus={() => setActive((current) => current ?? (count > 0 ? count - 1 : null))}
          onBlur={() => setActive(null)}
          onKeyDown={onKeyDown}
          data-chart-kind={kind}
        >
          {size.width > 0 && size.height > 0 ? children(size, shown) : null}
        </div>
        <div
          id={`${id}-readout`}
          aria-live="polite"
          data-testid="chart-readout"
          className={cn(
            'pointer-events-none absolute top-1 rounded-md border bg-card px-2 py-1 text-xs text-card-foreground shadow-sm',
            shown === null ? 'sr-only' : '',
          )}
          style={shown === null ? undefined : { left: readoutLeft }}
        >
          {shown === null ? null : readout(shown)}
        </div>
      </div>
      {footer}
      <table className="sr-only">
        <caption>{label}</caption>
        <thead>
          <tr>
            <td />
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={i}>
              <th scope="row">{row.label}</th>
              {row.cells.map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const TICK_FONT = 12;

/**
 * The value axis of a chart: a dashed grid line and a muted label per tick, across the plot from `from` to `to`.
 * Horizontal lines with labels on the left (`x` the label's right edge), or vertical ones with labels below.
 */
export function ValueGrid({
  ticks,
  scale,
  from,
  to,
  labelAt,
  format,
  colors,
  vertical = false,
}: {
  ticks: readonly number[];
  scale: Scale;
  from: number;
  to: number;
  /** The labels' x (horizontal grid) or y (vertical grid). */
  labelAt: number;
  format: (value: number) => string;
  colors: ChartColors;
  vertical?: boolean;
}) {
  return ticks.map((tick) => {
    const at = scale(tick);
    return (
      <g key={tick}>
        <line
          x1={vertical ? at : from}
          x2={vertical ? at : to}
          y1={vertical ? from : at}
          y2={vertical ? to : at}
          stroke={colors.border}
          strokeDasharray="3 3"
        />
        <text
          x={vertical ? at : labelAt}
          y={vertical ? labelAt : at}
          dy={vertical ? undefined : '0.32em'}
          textAnchor={vertical ? 'middle' : 'end'}
          fontSize={TICK_FONT}
          fill={colors.muted}
          data-chart-ytick={vertical ? undefined : ''}
          data-chart-xtick={vertical ? '' : undefined}
        >
          {format(tick)}
        </text>
      </g>
    );
  });
}

/** A category or time label under the plot at `x`. */
export function AxisLabel({
  x,
  y,
  anchor = 'middle',
  colors,
  children,
}: {
  x: number;
  y: number;
  anchor?: 'start' | 'middle' | 'end';
  colors: ChartColors;
  children: ReactNode;
}) {
  return (
    <text x={x} y={y} textAnchor={anchor} fontSize={TICK_FONT} fill={colors.muted} data-chart-xtick="">
      {children}
    </text>
  );
}
