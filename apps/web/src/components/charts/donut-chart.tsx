import type { ReactNode } from 'react';
import { useChartColors } from './chart-colors';
import { ChartFrame } from './chart-frame';
import { arcIndexAt, donutSlicePath, pieArcs, polar } from './pie-geometry';

export interface DonutSlice {
  /** The slice's name: the table's row header, the readout's title. */
  label: string;
  value: number;
  color: string;
  /** What the readout and the table say for this slice, e.g. '₺12.500,00 (%25,0)'. */
  readout: string;
  /** Printed outside the ring beside the slice, when given. */
  caption?: string;
}

/** Room around the ring for the captions, px. */
const CAPTION_ROOM = 28;
const PAD_ANGLE = 0.017;

/**
 * A ring of slices in proportion to their values (a pie when `innerRatio` is 0), drawn as plain SVG in the shared
 * chart frame: hover or the arrow keys pick a slice, which stands out, and the readout names it.
 */
export function DonutChart({
  slices,
  label,
  valueLabel,
  innerRatio = 0.55,
  outerRatio = 0.85,
}: {
  slices: readonly DonutSlice[];
  label: string;
  valueLabel: string;
  innerRatio?: number;
  outerRatio?: number;
}) {
  const colors = useChartColors();
  const arcs = pieArcs(
    slices.map((s) => s.value),
    PAD_ANGLE,
  );
  const captions = slices.some((s) => s.caption);
  const layout = ({ width, height }: { width: number; height: number }) => {
    const room = captions ? CAPTION_ROOM : 0;
    const radius = Math.max(1, Math.min(width, height) / 2 - room);
    return { cx: width / 2, cy: height / 2, outer: radius * outerRatio, inner: radius * innerRatio };
  };
  const readout = (i: number): ReactNode => (
    <>
      <span className="font-semibold">{slices[i]!.label}</span> · {slices[i]!.readout}
    </>
  );
  return (
    <ChartFrame
      label={label}
      kind="donut"
      count={slices.length}
      pick={(px, py, size) => {
        const { cx, cy, outer, inner } = layout(size);
        return arcIndexAt(arcs, [cx, cy], [inner, outer + 4], [px, py]);
      }}
      readoutAt={(_i, size) => size.width / 2}
      readout={readout}
      table={{ columns: [valueLabel], rows: slices.map((s) => ({ label: s.label, cells: [s.readout] })) }}
    >
      {(size, active) => {
        const { cx, cy, outer, inner } = layout(size);
        return (
          <svg width={size.width} height={size.height} aria-hidden="true" focusable="false" className="block">
            {slices.map((slice, i) => (
              <path
                key={i}
                d={donutSlicePath(cx, cy, i === active ? outer + 4 : outer, inner, arcs[i]!)}
                fill={slice.color}
                fillRule="evenodd"
                stroke={colors.card}
                strokeWidth={1}
                data-chart-slice={slice.label}
              />
            ))}
            {captions
              ? slices.map((slice, i) => {
                  const arc = arcs[i]!;
                  if (!slice.caption || arc.end - arc.start < 0.12) return null;
                  const mid = (arc.start + arc.end) / 2;
                  const [tx, ty] = polar(cx, cy, outer + 14, mid);
                  return (
                    <text
                      key={i}
                      x={tx}
                      y={ty}
                      dy="0.32em"
                      textAnchor={Math.sin(mid) > 0.2 ? 'start' : Math.sin(mid) < -0.2 ? 'end' : 'middle'}
                      fontSize={12}
                      fill={colors.foreground}
                      data-chart-caption=""
                    >
                      {slice.caption}
                    </text>
                  );
                })
              : null}
          </svg>
        );
      }}
    </ChartFrame>
  );
}
