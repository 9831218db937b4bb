import {
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  ZAxis,
} from 'recharts';
import type { AiOptimization } from '@bist/contracts';
import { axisStyle, tooltipStyle, useChartColors, type ChartColors } from '@/components/charts/chart-colors';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { axisPercentDigits, fractionPercent } from '@/features/admin-ai-analytics/lib/format';

/** Recharts lives here only, loaded with the /admin/ai route. */

function sliceColors(c: ChartColors): string[] {
  return [c.primary, c.up, c.down, c.neutral, c.foreground, c.muted, c.border];
}

export function AllocationPie({ allocation }: { allocation: { symbol: string; weight: number }[] }) {
  const colors = useChartColors();
  const palette = sliceColors(colors);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart accessibilityLayer>
        <Pie
          data={allocation}
          dataKey="weight"
          nameKey="symbol"
          innerRadius="50%"
          outerRadius="85%"
          paddingAngle={1}
          stroke={colors.card}
          isAnimationActive={false}
          label={({ name, value }: { name?: string; value?: number }) =>
            `${name ?? ''} ${fractionPercent(value, 0)}`
          }
        >
          {allocation.map((a, i) => (
            <Cell key={a.symbol} fill={palette[i % palette.length]} />
          ))}
        </Pie>
        <Tooltip
          {...tooltipStyle(colors)}
          formatter={(v, name) => [fractionPercent(Number(v)), String(name)]}
        />
      </PieChart>
    </ResponsiveContainer>
  );
}

export function FrontierChart({ o }: { o: AiOptimization }) {
  const { t } = useAdminTranslation();
  const colors = useChartColors();
  const points = [...o.frontier, { risk: o.expected_risk, return: o.expected_return }];
  const riskDigits = axisPercentDigits(points.map((p) => p.risk));
  const returnDigits = axisPercentDigits(points.map((p) => p.return));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ScatterChart margin={{ top: 8, right: 12, bottom: 16, left: 0 }} accessibilityLayer>
        <CartesianGrid stroke={colors.border} strokeDasharray="3 3" />
        <XAxis
          type="number"
          dataKey="risk"
          name={t('aiAnalytics.portfolio.frontierRisk')}
          tickFormatter={(v: number) => fractionPercent(v, riskDigits)}
          domain={['auto', 'auto']}
          {...axisStyle(colors)}
        />
        <YAxis
          type="number"
          dataKey="return"
          name={t('aiAnalytics.portfolio.frontierReturn')}
          tickFormatter={(v: number) => fractionPercent(v, returnDigits)}
          domain={['auto', 'auto']}
          width={52}
          {...axisStyle(colors)}
        />
        <ZAxis range={[30, 30]} />
        <Tooltip
          {...tooltipStyle(colors)}
          formatter={(v, name) => [fractionPercent(Number(v)), String(name)]}
        />
        <Legend wrapperStyle={{ fontSize: 12, color: colors.muted }} />
        <Scatter
          name={t('aiAnalytics.portfolio.frontier')}
          data={o.frontier}
          fill={colors.neutral}
          line={{ stroke: colors.neutral }}
          isAnimationActive={false}
        />
        <Scatter
          name={t('aiAnalytics.portfolio.chosen')}
          data={[{ risk: o.expected_risk, return: o.expected_return }]}
          fill={colors.primary}
          shape="diamond"
          isAnimationActive={false}
        />
      </ScatterChart>
    </ResponsiveContainer>
  );
}

export function BacktestChart({ backtest }: { backtest: NonNullable<AiOptimization['backtest']> }) {
  const colors = useChartColors();
  const palette = [colors.primary, colors.neutral, colors.up];
  const dates = backtest.curves[0]?.points.map((p) => p.date) ?? [];
  const rows = dates.map((date, i) => {
    const row: Record<string, number | string> = { date };
    for (const c of backtest.curves) row[c.name] = c.points[i]?.value ?? NaN;
    return row;
  });
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
        <CartesianGrid stroke={colors.border} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" minTickGap={32} {...axisStyle(colors)} />
        <YAxis
          domain={['auto', 'auto']}
          width={48}
          tickFormatter={(v: number) => v.toFixed(2)}
          {...axisStyle(colors)}
        />
        <Tooltip {...tooltipStyle(colors)} formatter={(v, name) => [Number(v).toFixed(3), String(name)]} />
        <Legend wrapperStyle={{ fontSize: 12, color: colors.muted }} />
        {backtest.curves.map((c, i) => (
          <Line
            key={c.name}
            type="monotone"
            dataKey={c.name}
            stroke={palette[i % palette.length]}
            strokeWidth={i === 0 ? 2 : 1.5}
            strokeDasharray={i === 0 ? undefined : '4 3'}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
