import { useMemo } from 'react';
import type { AreaPoint } from '@/components/charts/area-series-chart';
import { useIndexData } from '@/features/market/api/get-index-data';
import { useStockHistory } from '@/features/market/api/get-stock-history';

/**
 * The selected index's detail and chart points. Outside the session (weekends, before the first tick) there is no
 * intraday series, so the chart falls back to the last month's daily closes (`daily`). Points are undefined while
 * they load or still belong to the previously selected index.
 */
export function useIndexSeries(code: string | undefined) {
  const detail = useIndexData(code);
  const intraday = detail.data && detail.data.code === code ? detail.data.intraday : undefined;
  const daily = intraday !== undefined && intraday.length < 2;
  const history = useStockHistory(code ?? '', '1A', { kind: 'indices', enabled: Boolean(code) && daily });

  const points: AreaPoint[] | undefined = useMemo(() => {
    if (intraday === undefined) return undefined;
    if (!daily) return intraday.map((p) => ({ t: Date.parse(p.time), value: p.value }));
    if (!history.data || history.data.symbol !== code) return undefined;
    return history.data.candles.map((c) => ({ t: Date.parse(`${c.time}T15:00:00Z`), value: c.close }));
  }, [intraday, daily, history.data, code]);

  return { detail, points, daily };
}
