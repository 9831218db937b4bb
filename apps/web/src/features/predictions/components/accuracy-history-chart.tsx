import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AccuracyPoint } from '@bist/contracts';
import { axisStyle, tooltipStyle, useChartColors } from '@/components/charts/chart-colors';
import { formatPercent } from '@/lib/format';
import { formatShortDate } from '@/features/predictions/lib/format-prediction';
import { formatIsoDate } from '@/lib/format';
import { accuracyAxisDomain } from '@/features/predictions/lib/prediction-rules';

/**
 * The 7-day accuracy line beside the day's market direction (dashed), y-axis 50–100 (lower only when a value falls
 * below 50 %).
 */
export function AccuracyHistoryChart({
  data,
  label,
  baselineLabel,
  evaluatedText,
}: {
  data: AccuracyPoint[];
  label: string;
  baselineLabel: string;
  evaluatedText: (count: number) => string;
}) {
  const colors = useChartColors();
  const hasBaseline = data.some((d) => d.baseline !== null);
  const domain = accuracyAxisDomain([
    ...data.map((d) => d.accuracy),
    ...data.flatMap((d) => (d.baseline === null ? [] : [d.baseline])),
  ]);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }} accessibilityLayer>
        <CartesianGrid stroke={colors.border} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={formatShortDate} {...axisStyle(colors)} />
        <YAxis
          domain={domain}
          tickCount={6}
          allowDecimals={false}
          {...axisStyle(colors)}
          width={44}
          tickFormatter={(v: number) => `%${v}`}
        />
        <Tooltip
          {...tooltipStyle(colors)}
          labelFormatter={(value) => formatIsoDate(typeof value === 'string' ? value : null)}
          formatter={(value, name, item) => {
            if (name === baselineLabel) return [formatPercent(Number(value), 2), baselineLabel];
            const evaluated = (item.payload as AccuracyPoint | undefined)?.evaluated;
            return [
              evaluated === undefined
                ? formatPercent(Number(value), 2)
                : `${formatPercent(Number(value), 2)} · ${evaluatedText(evaluated)}`,
              label,
            ];
          }}
        />
        <Line
          type="monotone"
          dataKey="accuracy"
          name={label}
          stroke={colors.primary}
          strokeWidth={2}
          dot={{ r: 3, fill: colors.primary, strokeWidth: 0 }}
          activeDot={{ r: 5 }}
          isAnimationActive={false}
        />
        {hasBaseline ? (
          <Line
            type="monotone"
            dataKey="baseline"
            name={baselineLabel}
            stroke={colors.muted}
            strokeWidth={1.5}
            strokeDasharray="5 4"
            dot={false}
            isAnimationActive={false}
          />
        ) : null}
      </LineChart>
    </ResponsiveContainer>
  );
}
