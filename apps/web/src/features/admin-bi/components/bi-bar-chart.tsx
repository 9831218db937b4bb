import { SvgChart } from '@/components/charts/svg-chart';
import { zeroBasedDomain } from '@/components/charts/svg-geometry';

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
      <SvgChart
        kind="bar"
        label={label}
        valueLabel={label}
        points={data.map((d) => ({ label: d.date.slice(5), value: d.value, readout: format(d.value) }))}
        yDomain={zeroBasedDomain(data.map((d) => d.value))}
        yFormat={format}
        yAxisWidth={72}
        onSelect={onSelect ? (index) => onSelect(data[index]!.date) : undefined}
      />
    </div>
  );
}
