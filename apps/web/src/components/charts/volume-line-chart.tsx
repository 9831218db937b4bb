import { formatNumber } from '@/lib/format';
import { SvgChart } from './svg-chart';
import { zeroBasedDomain } from './svg-geometry';

export interface VolumeLineDatum {
  symbol: string;
  /** Turnover in millions of TL. */
  millions: number;
}

/** Dashboard line chart of turnover in millions of TL. */
export function VolumeLineChart({ data, label }: { data: VolumeLineDatum[]; label: string }) {
  return (
    <SvgChart
      kind="line"
      label={label}
      valueLabel={label}
      points={data.map((d) => ({
        label: d.symbol,
        value: d.millions,
        readout: `${formatNumber(d.millions, 1)} Mn TL`,
      }))}
      yDomain={zeroBasedDomain(data.map((d) => d.millions))}
      yFormat={(value) => formatNumber(value)}
      marginRight={24}
    />
  );
}
