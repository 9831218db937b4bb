import type { AccuracyPoint } from '@bist/contracts';
import { useChartColors } from '@/components/charts/chart-colors';
import { LineChart } from '@/components/charts/line-chart';
import { formatIsoDate, formatPercent } from '@/lib/format';
import { formatShortDate } from '@/features/predictions/lib/format-prediction';
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
    <LineChart
      label={label}
      labels={data.map((d) => formatShortDate(d.date))}
      series={[
        {
          id: 'accuracy',
          name: label,
          values: data.map((d) => d.accuracy),
          color: colors.primary,
          dots: true,
        },
        ...(hasBaseline
          ? [
              {
                id: 'baseline',
                name: baselineLabel,
                values: data.map((d) => d.baseline),
                color: colors.muted,
                width: 1.5,
                dashed: true,
              },
            ]
          : []),
      ]}
      yDomain={domain}
      yFormat={(v) => `%${v}`}
      yAxisWidth={44}
      valueFormat={(v) => formatPercent(v, 2)}
      readout={(i) => {
        const d = data[i]!;
        return (
          <>
            <span className="font-semibold">{formatIsoDate(d.date)}</span>
            <span className="block tabular-nums">
              {label}: {formatPercent(d.accuracy, 2)} · {evaluatedText(d.evaluated)}
            </span>
            {d.baseline !== null ? (
              <span className="block tabular-nums">
                {baselineLabel}: {formatPercent(d.baseline, 2)}
              </span>
            ) : null}
          </>
        );
      }}
    />
  );
}
