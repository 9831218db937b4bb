import { formatNumber } from '@/lib/format';
import { useChartColors } from './chart-colors';
import { SvgChart } from './svg-chart';
import { paddedDomain } from './svg-geometry';

export interface AreaPoint {
  /** Epoch milliseconds. */
  t: number;
  value: number;
}

const ISTANBUL = 'Europe/Istanbul';

function timeLabel(ms: number, mode: 'time' | 'date'): string {
  const date = new Date(ms);
  return mode === 'time'
    ? date.toLocaleTimeString('tr-TR', { timeZone: ISTANBUL, hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString('tr-TR', { timeZone: ISTANBUL, day: '2-digit', month: 'short' });
}

/**
 * Area chart of an index series; coloured up or down by the day's direction, axes in Istanbul time and tr-TR
 * numbers, the previous close (when given) as a dashed reference line.
 */
export function AreaSeriesChart({
  data,
  mode,
  trend,
  label,
  baseline,
}: {
  data: AreaPoint[];
  mode: 'time' | 'date';
  trend: 'up' | 'down';
  label: string;
  baseline?: number | undefined;
}) {
  const colors = useChartColors();
  const values = data.map((d) => d.value).concat(baseline === undefined ? [] : [baseline]);
  return (
    <SvgChart
      kind="area"
      label={label}
      valueLabel={label}
      points={data.map((d) => ({
        label: timeLabel(d.t, mode),
        x: d.t,
        value: d.value,
        readout: formatNumber(d.value, 2),
      }))}
      yDomain={paddedDomain(values)}
      yFormat={(value) => formatNumber(value)}
      yAxisWidth={72}
      color={trend === 'up' ? colors.up : colors.down}
      reference={baseline}
    />
  );
}
