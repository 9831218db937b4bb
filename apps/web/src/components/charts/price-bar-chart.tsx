import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber, formatPrice } from '@/lib/format';
import { axisStyle, tooltipStyle, useChartColors } from './chart-colors';

export interface PriceBarDatum {
  symbol: string;
  price: number;
}

/** Dashboard bar chart of prices: tooltip in lira, tr-TR axis. */
export function PriceBarChart({ data, label }: { data: PriceBarDatum[]; label: string }) {
  const colors = useChartColors();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
        <CartesianGrid stroke={colors.border} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="symbol" {...axisStyle(colors)} />
        <YAxis
          {...axisStyle(colors)}
          width={64}
          tickFormatter={(value: number) => `₺${formatNumber(value)}`}
        />
        <Tooltip
          cursor={{ fill: colors.border, opacity: 0.4 }}
          {...tooltipStyle(colors)}
          formatter={(value) => [formatPrice(Number(value)), label]}
        />
        <Bar
          dataKey="price"
          name={label}
          fill={colors.primary}
          radius={[4, 4, 0, 0]}
          maxBarSize={56}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
