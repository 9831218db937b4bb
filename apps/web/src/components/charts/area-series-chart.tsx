import { useId } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '@/lib/format';
import { axisStyle, tooltipStyle, useChartColors } from './chart-colors';

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

/** Area chart of an index series; coloured up or down by the day's direction, axes in Istanbul time and tr-TR numbers. */
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
  const id = useId().replace(/:/g, '');
  const color = trend === 'up' ? colors.up : colors.down;
  const values = data.map((d) => d.value).concat(baseline === undefined ? [] : [baseline]);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const pad = (max - min) * 0.08 || max * 0.002 || 1;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
        <defs>
          <linearGradient id={`fill-${id}`} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={color} stopOpacity={0.35} />
            <stop offset="100%" stopColor={color} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid stroke={colors.border} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tickFormatter={(value: number) => timeLabel(value, mode)}
          {...axisStyle(colors)}
          minTickGap={24}
        />
        <YAxis
          domain={[min - pad, max + pad]}
          tickFormatter={(value: number) => formatNumber(value)}
          {...axisStyle(colors)}
          width={72}
        />
        <Tooltip
          {...tooltipStyle(colors)}
          labelFormatter={(value) =>
            mode === 'time'
              ? timeLabel(Number(value), 'time')
              : new Date(Number(value)).toLocaleDateString('tr-TR', { timeZone: ISTANBUL })
          }
          formatter={(value) => [formatNumber(Number(value), 2), label]}
        />
        <Area
          type={mode === 'date' ? 'linear' : 'monotone'}
          dataKey="value"
          name={label}
          stroke={color}
          strokeWidth={2}
          fill={`url(#fill-${id})`}
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
