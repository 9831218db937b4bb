import { useTranslation } from '@/lib/use-translation';
import type { PerformancePoint } from '@bist/contracts';
import { useChartColors } from '@/components/charts/chart-colors';
import { DonutChart } from '@/components/charts/donut-chart';
import { LineChart } from '@/components/charts/line-chart';
import { paddedDomain } from '@/components/charts/svg-geometry';
import { formatChange, formatPercent, formatPrice } from '@/lib/format';
import { sliceColor } from '@/features/portfolio/lib/palette';
import type { PieSlice } from '@/features/portfolio/lib/portfolio-rules';
import { pointInUnit, type ReturnUnit } from '@/features/portfolio/lib/return-units';
import '@/features/portfolio/i18n';

/** The Portfolio route's charts, loaded lazily with it (our own SVG charts, components/charts). */

export function AllocationPie({ slices }: { slices: PieSlice[] }) {
  const { t } = useTranslation('portfolio');
  const colors = useChartColors();
  return (
    <DonutChart
      label={t('allocation.title')}
      valueLabel={t('allocation.title')}
      slices={slices.map((slice, index) => ({
        label: slice.name,
        value: slice.value,
        color: sliceColor(index, slice.isCash, colors.neutral),
        readout: `${formatPrice(slice.value)} (${formatPercent(slice.percent, 1)})`,
      }))}
    />
  );
}

function dateLabel(date: string, long = false): string {
  const d = new Date(`${date}T12:00:00Z`);
  return d.toLocaleDateString(
    'tr-TR',
    long ? { day: '2-digit', month: 'long', year: 'numeric' } : { day: '2-digit', month: 'short' },
  );
}

/**
 * A day's readout: the two returns in % in the chart's unit, and the money that came in or went out that day (not
 * performance).
 */
function PerformanceReadout({ point, unit }: { point: PerformancePoint; unit: ReturnUnit }) {
  const { t } = useTranslation('portfolio');
  const inUnit = pointInUnit(point, unit);
  return (
    <div data-testid="performance-tooltip">
      <div className="mb-1 font-medium">{dateLabel(point.date, true)}</div>
      <div className="tabular-nums">
        {t('performance.portfolio')}: {formatChange(inUnit.portfolio)}
      </div>
      {inUnit.benchmark !== null ? (
        <div className="tabular-nums">
          {t('performance.benchmark')}: {formatChange(inUnit.benchmark)}
        </div>
      ) : null}
      {point.net_flow !== 0 ? (
        <div className="mt-1 tabular-nums text-muted-foreground" data-testid="performance-tooltip-flow">
          {t(point.net_flow > 0 ? 'performance.flowIn' : 'performance.flowOut', {
            amount: formatPrice(Math.abs(point.net_flow)),
          })}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The portfolio's time-weighted return against XU100's return over the same days, both in % from the start of the
 * range, measured in the chosen unit (nominal lira, real lira, dollars or gold: decision 0063). Deposits and
 * withdrawals are not performance: they do not move the line (TWR takes them out), and each day with one is marked
 * on it (a dot; the readout says how much came in or went out).
 */
export function PerformanceChart({
  points,
  unit = 'nominal',
}: {
  points: PerformancePoint[];
  unit?: ReturnUnit;
}) {
  const { t } = useTranslation('portfolio');
  const colors = useChartColors();
  const inUnit = points.map((p) => pointInUnit(p, unit));
  const portfolio = inUnit.map((p) => p.portfolio);
  const benchmark = inUnit.map((p) => p.benchmark);
  const hasBenchmark = benchmark.some((v) => v !== null);
  const values = [...portfolio, ...benchmark, 0].filter((v): v is number => v !== null);
  return (
    <LineChart
      label={t('performance.title')}
      labels={points.map((p) => dateLabel(p.date))}
      series={[
        {
          id: 'portfolio',
          name: t('performance.portfolio'),
          values: portfolio,
          color: colors.primary,
        },
        ...(hasBenchmark
          ? [
              {
                id: 'benchmark',
                name: t('performance.benchmark'),
                values: benchmark,
                color: colors.neutral,
                width: 1.5,
                dashed: true,
                connectNulls: true,
              },
            ]
          : []),
      ]}
      markers={points.flatMap((p, index) => {
        const value = portfolio[index];
        return p.net_flow !== 0 && value !== null && value !== undefined
          ? [{ id: 'flow', index, value, color: p.net_flow > 0 ? colors.up : colors.down }]
          : [];
      })}
      references={[0]}
      yDomain={paddedDomain(values)}
      yFormat={(value) => formatChange(value, 1)}
      valueFormat={(value) => formatChange(value)}
      readout={(index) => <PerformanceReadout point={points[index]!} unit={unit} />}
      legend
    />
  );
}
