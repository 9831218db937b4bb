import {
  Bar,
  BarChart,
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { axisStyle, tooltipStyle, useChartColors } from '@/components/charts/chart-colors';
import { formatPercent } from '@/lib/format';

export interface AlgorithmAccuracyDatum {
  name: string;
  accuracy: number;
}

/**
 * Horizontal bars of accuracy on an honest 0–100 axis (no truncated baseline), with the 50 % coin-flip line; names on
 * the left so long algorithm names stay readable on phones.
 */
export function AlgorithmAccuracyChart({ data, label }: { data: AlgorithmAccuracyDatum[]; label: string }) {
  const colors = useChartColors();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={data}
        layout="vertical"
        margin={{ top: 4, right: 16, bottom: 0, left: 0 }}
        accessibilityLayer
      >
        <CartesianGrid stroke={colors.border} strokeDasharray="3 3" horizontal={false} />
        <XAxis
          type="number"
          domain={[0, 100]}
          ticks={[0, 25, 50, 75, 100]}
          {...axisStyle(colors)}
          tickFormatter={(v: number) => `%${v}`}
        />
        <YAxis
          type="category"
          dataKey="name"
          width={132}
          tick={{ fill: colors.foreground, fontSize: 12 }}
          stroke={colors.border}
          tickLine={false}
          interval={0}
        />
        <ReferenceLine x={50} stroke={colors.muted} strokeDasharray="4 4" />
        <Tooltip
          cursor={{ fill: colors.border, opacity: 0.4 }}
          {...tooltipStyle(colors)}
          formatter={(value) => [formatPercent(Number(value), 2), label]}
        />
        <Bar
          dataKey="accuracy"
          name={label}
          fill={colors.primary}
          radius={[0, 4, 4, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
