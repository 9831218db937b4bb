import type { AiOptimization } from '@bist/contracts';
import { useChartColors, type ChartColors } from '@/components/charts/chart-colors';
import { DonutChart } from '@/components/charts/donut-chart';
import { LineChart } from '@/components/charts/line-chart';
import { paddedDomain } from '@/components/charts/svg-geometry';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { axisPercentDigits, fractionPercent } from '@/features/admin-ai-analytics/lib/format';

/** The /admin/ai route's optimisation charts (our own SVG charts, components/charts). */

function sliceColors(c: ChartColors): string[] {
  return [c.primary, c.up, c.down, c.neutral, c.foreground, c.muted, c.border];
}

export function AllocationPie({ allocation }: { allocation: { symbol: string; weight: number }[] }) {
  const { t } = useAdminTranslation();
  const colors = useChartColors();
  const palette = sliceColors(colors);
  return (
    <DonutChart
      label={t('aiAnalytics.portfolio.allocation')}
      valueLabel={t('aiAnalytics.portfolio.allocation')}
      innerRatio={0.5}
      slices={allocation.map((a, i) => ({
        label: a.symbol,
        value: a.weight,
        color: palette[i % palette.length]!,
        readout: fractionPercent(a.weight),
        caption: `${a.symbol} ${fractionPercent(a.weight, 0)}`,
      }))}
    />
  );
}

/** The efficient frontier (risk → return) with the chosen portfolio on it, sorted by risk. */
export function FrontierChart({ o }: { o: AiOptimization }) {
  const { t } = useAdminTranslation();
  const colors = useChartColors();
  const points = [
    ...o.frontier.map((p) => ({ ...p, chosen: false })),
    { risk: o.expected_risk, return: o.expected_return, chosen: true },
  ].sort((a, b) => a.risk - b.risk);
  const riskDigits = axisPercentDigits(points.map((p) => p.risk));
  const returnDigits = axisPercentDigits(points.map((p) => p.return));
  return (
    <LineChart
      label={t('aiAnalytics.portfolio.frontier')}
      labels={points.map((p) => `${t('aiAnalytics.portfolio.frontierRisk')} ${fractionPercent(p.risk)}`)}
      x={points.map((p) => p.risk)}
      xFormat={(v) => fractionPercent(v, riskDigits)}
      series={[
        {
          id: 'frontier',
          name: t('aiAnalytics.portfolio.frontier'),
          values: points.map((p) => (p.chosen ? null : p.return)),
          color: colors.neutral,
          dots: true,
          connectNulls: true,
        },
        {
          id: 'chosen',
          name: t('aiAnalytics.portfolio.chosen'),
          values: points.map((p) => (p.chosen ? p.return : null)),
          color: colors.primary,
          dots: true,
        },
      ]}
      yDomain={paddedDomain(points.map((p) => p.return))}
      yFormat={(v) => fractionPercent(v, returnDigits)}
      yAxisWidth={52}
      valueFormat={(v) => fractionPercent(v)}
      legend
    />
  );
}

export function BacktestChart({ backtest }: { backtest: NonNullable<AiOptimization['backtest']> }) {
  const { t } = useAdminTranslation();
  const colors = useChartColors();
  const palette = [colors.primary, colors.neutral, colors.up];
  const dates = backtest.curves[0]?.points.map((p) => p.date) ?? [];
  const series = backtest.curves.map((c, i) => ({
    id: `curve-${i}`,
    name: c.name,
    values: dates.map((_, j) => c.points[j]?.value ?? null),
    color: palette[i % palette.length]!,
    width: i === 0 ? 2 : 1.5,
    dashed: i !== 0,
  }));
  return (
    <LineChart
      label={t('aiAnalytics.portfolio.backtest')}
      labels={dates}
      series={series}
      yDomain={paddedDomain(series.flatMap((s) => s.values.filter((v): v is number => v !== null)))}
      yFormat={(v) => v.toFixed(2)}
      yAxisWidth={48}
      valueFormat={(v) => v.toFixed(3)}
      legend
    />
  );
}
