import {
  Cell,
  Legend,
  Line,
  LineChart,
  CartesianGrid,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTranslation } from '@/lib/use-translation';
import type { PerformancePoint } from '@bist/contracts';
import { axisStyle, tooltipStyle, useChartColors } from '@/components/charts/chart-colors';
import { formatAmount, formatPercent, formatPrice } from '@/lib/format';
import { sliceColor } from '@/features/portfolio/lib/palette';
import type { PieSlice } from '@/features/portfolio/lib/portfolio-rules';
import '@/features/portfolio/i18n';

/** Recharts lives here only, loaded lazily with the Portfolio route's charts. */

export function AllocationPie({ slices }: { slices: PieSlice[] }) {
  const colors = useChartColors();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart accessibilityLayer>
        <Pie
          data={slices}
          dataKey="value"
          nameKey="name"
          innerRadius="55%"
          outerRadius="85%"
          paddingAngle={1}
          stroke={colors.card}
          isAnimationActive={false}
        >
          {slices.map((slice, index) => (
            <Cell key={slice.name} fill={sliceColor(index, slice.isCash, colors.neutral)} />
          ))}
        </Pie>
        <Tooltip
          {...tooltipStyle(colors)}
          formatter={(value, name, item) => {
            const percent = (item.payload as PieSlice | undefined)?.percent;
            return [`${formatPrice(Number(value))} (${formatPercent(percent, 1)})`, String(name)];
          }}
        />
      </PieChart>
    </ResponsiveContainer>
  );
}

function dateLabel(date: string, long = false): string {
  const d = new Date(`${date}T12:00:00Z`);
  return d.toLocaleDateString(
    'tr-TR',
    long ? { day: '2-digit', month: 'long', year: 'numeric' } : { day: '2-digit', month: 'short' },
  );
}

export function PerformanceChart({ points }: { points: PerformancePoint[] }) {
  const { t } = useTranslation('portfolio');
  const colors = useChartColors();
  const hasBenchmark = points.some((p) => p.benchmark_value !== null);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
        <CartesianGrid stroke={colors.border} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={(value: string) => dateLabel(value)}
          {...axisStyle(colors)}
          minTickGap={28}
        />
        <YAxis
          domain={['auto', 'auto']}
          tickFormatter={(value: number) => formatAmount(value, { exact: true })}
          {...axisStyle(colors)}
          width={84}
        />
        <Tooltip
          {...tooltipStyle(colors)}
          labelFormatter={(value) => (typeof value === 'string' ? dateLabel(value, true) : '')}
          formatter={(value, name) => [formatPrice(Number(value)), String(name)]}
        />
        <Legend wrapperStyle={{ fontSize: 12, color: colors.muted }} />
        <Line
          type="monotone"
          dataKey="value"
          name={t('performance.portfolio')}
          stroke={colors.primary}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        {hasBenchmark ? (
          <Line
            type="monotone"
            dataKey="benchmark_value"
            name={t('performance.benchmark')}
            stroke={colors.neutral}
            strokeWidth={1.5}
            strokeDasharray="4 3"
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        ) : null}
      </LineChart>
    </ResponsiveContainer>
  );
}
