import { formatNumber, formatPrice } from '@/lib/format';
import { SvgChart } from './svg-chart';
import { zeroBasedDomain } from './svg-geometry';

export interface PriceBarDatum {
  symbol: string;
  price: number;
}

/** Dashboard bar chart of prices: readout in lira, tr-TR axis. */
export function PriceBarChart({ data, label }: { data: PriceBarDatum[]; label: string }) {
  return (
    <SvgChart
      kind="bar"
      label={label}
      valueLabel={label}
      points={data.map((d) => ({ label: d.symbol, value: d.price, readout: formatPrice(d.price) }))}
      yDomain={zeroBasedDomain(data.map((d) => d.price))}
      yFormat={(value) => `₺${formatNumber(value)}`}
    />
  );
}
