import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '@/lib/format';
import { axisStyle, tooltipStyle, useChartColors } from './chart-colors';

export interface VolumeLineDatum {
  symbol: string;
  /** Turnover in millions of TL. */
  millions: number;
}

/** Dashboard line chart of turnover in millions of TL. */
export function VolumeLineChart({ data, label }: { data: VolumeLineDatum[]; label: string }) {
  const colors = useChartColors();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 24, bottom: 0, left: 0 }} accessibilityLayer>
        <CartesianGrid stroke={colors.border} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="symbol" {...axisStyle(colors)} />
        <YAxis {...axisStyle(colors)} width={64} tickFormatter={(value: number) => formatNumber(value)} />
        <Tooltip
          {...tooltipStyle(colors)}
          formatter={(value) => [`${formatNumber(Number(value), 1)} Mn TL`, label]}
        />
        <Line
          type="monotone"
          dataKey="millions"
          name={label}
          stroke={colors.primary}
          strokeWidth={2}
          dot={{ r: 4, fill: colors.primary }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
