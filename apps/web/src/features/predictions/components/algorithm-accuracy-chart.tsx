import { HorizontalBarChart } from '@/components/charts/horizontal-bar-chart';
import { formatPercent } from '@/lib/format';

export interface AlgorithmAccuracyDatum {
  name: string;
  accuracy: number;
}

const TICKS = [0, 25, 50, 75, 100];

/**
 * Horizontal bars of accuracy on an honest 0–100 axis (no truncated baseline), with the 50 % coin-flip line; names on
 * the left so long algorithm names stay readable on phones.
 */
export function AlgorithmAccuracyChart({ data, label }: { data: AlgorithmAccuracyDatum[]; label: string }) {
  return (
    <HorizontalBarChart
      label={label}
      valueLabel={label}
      bars={data.map((d) => ({ label: d.name, value: d.accuracy, readout: formatPercent(d.accuracy, 2) }))}
      domain={[0, 100]}
      ticks={TICKS}
      format={(v) => `%${v}`}
      reference={50}
    />
  );
}
