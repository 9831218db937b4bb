import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { axisStyle, tooltipStyle, useChartColors } from '@/components/charts/chart-colors';

/** A bar per day; 'No data available' (spec §2) when there is no bar above zero. */
export function BiBarChart({
  data,
  label,
  format,
  empty,
  testId,
  onSelect,
}: {
  data: { date: string; value: number }[];
  label: string;
  format: (value: number) => string;
  empty: string;
  testId: string;
  /** Clicking a day's bar (drill-down); the page offers the same through a keyboard-reachable control. */
  onSelect?: (date: string) => void;
}) {
  const colors = useChartColors();
  if (!data.some((d) => d.value !== 0)) {
    return (
      <div
        className="flex h-64 items-center justify-center text-sm text-muted-foreground"
        data-testid={testId}
      >
        {empty}
      </div>
    );
  }
  return (
    <div className="h-64" data-testid={testId} data-points={data.length}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
          <CartesianGrid stroke={colors.border} strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="date"
            {...axisStyle(colors)}
            tickFormatter={(d: string) => d.slice(5)}
            minTickGap={16}
          />
          <YAxis {...axisStyle(colors)} width={72} tickFormatter={(v: number) => format(v)} />
          <Tooltip
            cursor={{ fill: colors.border, opacity: 0.4 }}
            {...tooltipStyle(colors)}
            formatter={(value) => [format(Number(value)), label]}
          />
          <Bar
            dataKey="value"
            name={label}
            fill={colors.primary}
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
            {...(onSelect
              ? {
                  cursor: 'pointer',
                  onClick: (entry: { payload?: { date?: string } }) => {
                    if (entry.payload?.date) onSelect(entry.payload.date);
                  },
                }
              : {})}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
