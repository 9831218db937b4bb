import type { Ref } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { IndexItem } from '@bist/contracts';
import { AreaSeriesChart, type AreaPoint } from '@/components/charts/area-series-chart';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ChangeText } from '@/features/market/components/shared/change-text';
import { ComputedIndexLabel } from '@/features/market/components/shared/source-line';
import { formatNumber } from '@/lib/format';
import '@/features/market/i18n';

/**
 * The selected index's chart: today's intraday series against the previous close, or the last month's daily
 * closes when there is no session today. A skeleton until the points arrive. A level the product computed from the
 * members says so.
 */
export function IndexChartCard({
  ref,
  selected,
  points,
  daily,
  previousClose,
  computed,
}: {
  ref?: Ref<HTMLDivElement>;
  selected: IndexItem;
  points: AreaPoint[] | undefined;
  daily: boolean;
  previousClose: number | undefined;
  /** The product computes the level from the members (the provider does not publish it). */
  computed: boolean;
}) {
  const { t } = useTranslation('market');
  return (
    <Card data-testid="index-chart-card" ref={ref} className="scroll-mt-32">
      <CardHeader>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <CardTitle className="text-lg" data-testid="selected-index">
            {selected.name} <span className="text-sm font-medium text-muted-foreground">{selected.code}</span>
          </CardTitle>
          <span className="text-sm tabular-nums">
            <span className="mr-2 font-semibold">{formatNumber(selected.value, 2)}</span>
            <ChangeText value={selected.change_percent} />
            {computed ? <ComputedIndexLabel className="ml-2 align-middle" /> : null}
          </span>
        </div>
        <CardDescription className="line-clamp-2">{selected.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="mb-2 text-xs text-muted-foreground">
          {daily ? t('indices.dailyFallback') : `${t('indices.intraday')} · ${t('indices.intradayHint')}`}
        </p>
        <div
          className="h-72"
          data-testid="index-chart"
          data-code={selected.code}
          data-points={points?.length ?? 0}
        >
          {points === undefined ? (
            <Skeleton className="h-full w-full" />
          ) : points.length === 0 ? (
            <div className="flex h-full items-center justify-center rounded-lg bg-muted/40 text-sm text-muted-foreground">
              {t('indices.noChart')}
            </div>
          ) : (
            <AreaSeriesChart
              data={points}
              mode={daily ? 'date' : 'time'}
              trend={selected.change_percent >= 0 ? 'up' : 'down'}
              label={selected.code}
              baseline={daily ? undefined : previousClose}
            />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
