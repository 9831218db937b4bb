import { useChartColors } from './chart-colors';
import { ChartFrame, ValueGrid } from './chart-frame';
import { horizontalBarPath, linearScale } from './svg-geometry';

export interface HorizontalBar {
  /** The category (an algorithm's name), written beside its bar. */
  label: string;
  value: number;
  /** What the readout and the table say for this bar, e.g. '%61,25'. */
  readout: string;
}

const MARGIN_TOP = 4;
const MARGIN_RIGHT = 16;
const AXIS_HEIGHT = 24;
const MAX_BAR = 28;
/** ≈ width of a 12 px character, to cut a long name to the space beside the bars. */
const CHAR_WIDTH = 6.8;

/** The name cut to `width` px with an ellipsis (the whole name stays in the table and the readout). */
function fit(name: string, width: number): string {
  const max = Math.max(4, Math.floor(width / CHAR_WIDTH));
  return name.length <= max ? name : `${name.slice(0, max - 1)}…`;
}

/**
 * Horizontal bars on a fixed value axis (no truncated baseline), the categories' names on the left so long ones
 * stay readable on phones, an optional dashed reference line (the 50 % coin flip); in the shared chart frame.
 */
export function HorizontalBarChart({
  bars,
  label,
  valueLabel,
  domain,
  ticks,
  format,
  reference,
  nameWidth = 132,
}: {
  bars: readonly HorizontalBar[];
  label: string;
  valueLabel: string;
  domain: readonly [number, number];
  ticks: readonly number[];
  format: (value: number) => string;
  reference?: number;
  nameWidth?: number;
}) {
  const colors = useChartColors();
  const layout = ({ width, height }: { width: number; height: number }) => {
    const left = nameWidth;
    const right = Math.max(left + 1, width - MARGIN_RIGHT);
    const top = MARGIN_TOP;
    const bottom = Math.max(top + 1, height - AXIS_HEIGHT);
    const band = bars.length > 0 ? (bottom - top) / bars.length : bottom - top;
    return { left, right, top, bottom, band };
  };
  return (
    <ChartFrame
      label={label}
      kind="horizontal-bar"
      count={bars.length}
      pick={(_x, py, size) => {
        const { top, bottom, band } = layout(size);
        if (py < top || py > bottom || band <= 0) return -1;
        return Math.min(bars.length - 1, Math.floor((py - top) / band));
      }}
      readoutAt={(_i, size) => size.width / 2}
      readout={(i) => (
        <>
          <span className="font-semibold">{bars[i]!.label}</span> · {bars[i]!.readout}
        </>
      )}
      table={{ columns: [valueLabel], rows: bars.map((b) => ({ label: b.label, cells: [b.readout] })) }}
    >
      {(size, active) => {
        const { left, right, top, bottom, band } = layout(size);
        const x = linearScale(domain, [left, right]);
        const thickness = Math.min(MAX_BAR, band * 0.7);
        return (
          <svg width={size.width} height={size.height} aria-hidden="true" focusable="false" className="block">
            <ValueGrid
              ticks={ticks}
              scale={x}
              from={top}
              to={bottom}
              labelAt={bottom + 16}
              format={format}
              colors={colors}
              vertical
            />
            <line x1={left} x2={left} y1={top} y2={bottom} stroke={colors.border} />
            {active !== null ? (
              <rect
                x={left}
                y={top + band * active}
                width={right - left}
                height={band}
                fill={colors.border}
                opacity={0.4}
              />
            ) : null}
            {bars.map((bar, i) => {
              const centre = top + band * (i + 0.5);
              return (
                <g key={i}>
                  <text
                    x={left - 8}
                    y={centre}
                    dy="0.32em"
                    textAnchor="end"
                    fontSize={12}
                    fill={colors.foreground}
                    data-chart-category=""
                  >
                    {fit(bar.label, left - 12)}
                  </text>
                  <path
                    d={horizontalBarPath(
                      x(domain[0]),
                      x(Math.min(domain[1], Math.max(domain[0], bar.value))),
                      centre - thickness / 2,
                      thickness,
                      4,
                    )}
                    fill={colors.primary}
                    data-chart-bar=""
                  />
                </g>
              );
            })}
            {reference !== undefined ? (
              <line
                x1={x(reference)}
                x2={x(reference)}
                y1={top}
                y2={bottom}
                stroke={colors.muted}
                strokeDasharray="4 4"
                data-chart-reference=""
              />
            ) : null}
          </svg>
        );
      }}
    </ChartFrame>
  );
}
