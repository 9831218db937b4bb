import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { HistoryRange } from '@bist/contracts';
import { AreaSeriesChart, type AreaPoint } from '@/components/charts/area-series-chart';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useStockHistory } from '@/features/market/api/get-stock-history';
import { RangeUnitsSummary } from '@/features/market/components/shared/range-units';
import { returnsOverSameDays } from '@/features/market/lib/index-rules';
import { changeColorClass, formatChange, formatIsoDate, formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

/** The ranges of an index's daily history. */
const INDEX_HISTORY_RANGES = ['1A', '3A', '1Y', '5Y'] as const satisfies readonly HistoryRange[];
type IndexHistoryRange = (typeof INDEX_HISTORY_RANGES)[number];

/**
 * An index's daily closes over 1A/3A/1Y/5Y from the stored daily bars, with its return and XU100's over the same
 * days (and the gap between them).
 */
export function IndexHistoryCard({ code }: { code: string }) {
  const { t } = useTranslation('market');
  const [range, setRange] = useState<IndexHistoryRange>('1Y');
  const history = useStockHistory(code, range, { kind: 'indices' });
  const benchmark = useStockHistory('XU100', range, { kind: 'indices', enabled: code !== 'XU100' });
  const current = history.data?.symbol === code && history.data.range === range ? history.data : undefined;
  const candles = history.data?.symbol === code ? history.data.candles : undefined;
  const xu100 = code === 'XU100' ? candles : benchmark.data?.candles;
  const points: AreaPoint[] | undefined = useMemo(
    () => candles?.map((c) => ({ t: Date.parse(`${c.time}T15:00:00Z`), value: c.close })),
    [candles],
  );
  const returns = candles && xu100 ? returnsOverSameDays(candles, xu100) : null;
  const gap = returns ? returns.index - returns.xu100 : null;
  return (
    <Card data-testid="index-history" data-code={code} data-range={range}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle className="text-base">{t('indices.history', { code })}</CardTitle>
          <CardDescription>
            {returns
              ? t('indices.historyPeriod', {
                  from: formatIsoDate(returns.from),
                  to: formatIsoDate(returns.to),
                })
              : t('indices.historyHint')}
          </CardDescription>
        </div>
        <SegmentedControl
          label={t('indices.historyRange')}
          options={INDEX_HISTORY_RANGES.map((r) => ({
            value: r,
            text: t(`stock.ranges.${r}`),
            title: t(`stock.rangeNames.${r}`),
          }))}
          value={range}
          onChange={setRange}
        />
      </CardHeader>
      <CardContent className="space-y-3">
        <dl className="grid grid-cols-3 gap-2 text-sm" data-testid="index-returns">
          <div>
            <dt className="text-muted-foreground">{t('indices.returnOf', { code })}</dt>
            <dd
              className={cn('font-semibold tabular-nums', changeColorClass(returns?.index))}
              data-testid="index-return"
            >
              {formatChange(returns?.index)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('indices.returnOf', { code: 'XU100' })}</dt>
            <dd
              className={cn('font-semibold tabular-nums', changeColorClass(returns?.xu100))}
              data-testid="xu100-return"
            >
              {formatChange(returns?.xu100)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('indices.gap')}</dt>
            <dd className={cn('font-semibold tabular-nums', changeColorClass(gap))} data-testid="index-gap">
              {gap === null
                ? '---'
                : t('indices.points', { value: `${gap > 0 ? '+' : ''}${formatNumber(gap, 2)}` })}
            </dd>
          </div>
        </dl>
        <RangeUnitsSummary units={current?.units} />
        <div className="h-64" data-testid="index-history-chart" data-points={points?.length ?? 0}>
          {points === undefined ? (
            <Skeleton className="h-full w-full" />
          ) : points.length < 2 ? (
            <div className="flex h-full items-center justify-center rounded-lg bg-muted/40 text-sm text-muted-foreground">
              {t('indices.noChart')}
            </div>
          ) : (
            <AreaSeriesChart
              data={points}
              mode="date"
              trend={(returns?.index ?? 0) >= 0 ? 'up' : 'down'}
              label={t('indices.history', { code })}
            />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
