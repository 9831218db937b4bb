import {
  Cell,
  Legend,
  Line,
  LineChart,
  CartesianGrid,
  Pie,
  PieChart,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTranslation } from '@/lib/use-translation';
import type { PerformancePoint } from '@bist/contracts';
import { axisStyle, tooltipStyle, useChartColors } from '@/components/charts/chart-colors';
import { formatChange, formatPercent, formatPrice } from '@/lib/format';
import { sliceColor } from '@/features/portfolio/lib/palette';
import type { PieSlice } from '@/features/portfolio/lib/portfolio-rules';
import { pointInUnit, UNIT_FIELDS, type ReturnUnit } from '@/features/portfolio/lib/return-units';
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

/**
 * A day's tooltip: the two returns in % in the chart's unit, and the money that came in or went out that day (not
 * performance).
 */
function PerformanceTooltip({
  active,
  payload,
  unit = 'nominal',
}: {
  active?: boolean;
  payload?: readonly { payload?: PerformancePoint }[];
  unit?: ReturnUnit;
}) {
  const { t } = useTranslation('portfolio');
  const colors = useChartColors();
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  const inUnit = pointInUnit(point, unit);
  return (
    <div
      className="rounded-md border px-3 py-2 text-xs shadow-md"
      style={{ background: colors.card, borderColor: colors.border, color: colors.foreground }}
      data-testid="performance-tooltip"
    >
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
 * on it (a dot; the tooltip says how much came in or went out).
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
  const fields = UNIT_FIELDS[unit];
  const hasBenchmark = points.some((p) => pointInUnit(p, unit).benchmark !== null);
  const flows = points.filter((p) => p.net_flow !== 0 && pointInUnit(p, unit).portfolio !== null);
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
          tickFormatter={(value: number) => formatChange(value, 1)}
          {...axisStyle(colors)}
          width={64}
        />
        <ReferenceLine y={0} stroke={colors.muted} strokeOpacity={0.5} />
        <Tooltip content={<PerformanceTooltip unit={unit} />} />
        <Legend wrapperStyle={{ fontSize: 12, color: colors.muted }} />
        <Line
          type="monotone"
          dataKey={fields.portfolio}
          name={t('performance.portfolio')}
          stroke={colors.primary}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        {hasBenchmark ? (
          <Line
            type="monotone"
            dataKey={fields.benchmark}
            name={t('performance.benchmark')}
            stroke={colors.neutral}
            strokeWidth={1.5}
            strokeDasharray="4 3"
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        ) : null}
        {flows.map((p) => (
          <ReferenceDot
            key={p.date}
            x={p.date}
            y={pointInUnit(p, unit).portfolio ?? undefined}
            r={4}
            fill={p.net_flow > 0 ? colors.up : colors.down}
            stroke={colors.card}
            className="performance-flow"
            ifOverflow="extendDomain"
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
