import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Activity, BarChart3, Gauge, TrendingDown, TrendingUp } from 'lucide-react';
import type { IndexItem } from '@bist/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AreaSeriesChart, type AreaPoint } from '@/components/charts/area-series-chart';
import { useIndexData } from '@/features/market/api/get-index-data';
import { useIndexList } from '@/features/market/api/get-index-list';
import { useStockHistory } from '@/features/market/api/get-stock-history';
import { ChangeText } from '@/features/market/components/shared/change-text';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { RefreshButton } from '@/features/market/components/shared/refresh-button';
import { StatCard } from '@/components/stat-card';
import { formatAmount, formatDateTime } from '@/features/market/lib/format-market';
import { breadthOf, riskBarOf, trendLabelOf, volatilityOf } from '@/features/market/lib/index-rules';
import { isApiError } from '@/lib/api-client';
import { formatChange, formatNumber, formatPercent } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

const DEFAULT_INDEX = 'XU100';

const RISK_CLASS = { red: 'bg-down', yellow: 'bg-amber-500', green: 'bg-up' } as const;

/** BIST Endeksleri (spec §2): card grid, selection, the index's real intraday series, panels, risk bar, four cards. */
export function IndicesPage() {
  const { t } = useTranslation('market');
  useDocumentTitle(t('indices.title'));
  const queryClient = useQueryClient();
  const list = useIndexList();
  const [chosen, setChosen] = useState<string | null>(null);
  const indices = list.data ?? [];
  const selectedCode =
    chosen ?? (indices.some((i) => i.code === DEFAULT_INDEX) ? DEFAULT_INDEX : indices[0]?.code);
  const selected = indices.find((i) => i.code === selectedCode);
  const detail = useIndexData(selectedCode);
  const breadth = breadthOf(indices.map((i) => i.change_percent));
  const intraday = detail.data && detail.data.code === selectedCode ? detail.data.intraday : undefined;
  // Outside the session (weekends, before the first tick) there is no intraday series: fall back to daily closes.
  const needsDaily = intraday !== undefined && intraday.length < 2;
  const daily = useStockHistory(selectedCode ?? '', '1A', {
    kind: 'indices',
    enabled: Boolean(selectedCode) && needsDaily,
  });

  const points: AreaPoint[] | undefined = useMemo(() => {
    if (intraday === undefined) return undefined;
    if (!needsDaily) return intraday.map((p) => ({ t: Date.parse(p.time), value: p.value }));
    if (!daily.data || daily.data.symbol !== selectedCode) return undefined;
    return daily.data.candles.map((c) => ({ t: Date.parse(`${c.time}T15:00:00Z`), value: c.close }));
  }, [intraday, needsDaily, daily.data, selectedCode]);

  const chartRef = useRef<HTMLDivElement>(null);
  const select = (code: string) => {
    setChosen(code);
    // The grid sits under the chart: on narrow screens bring the chart back into view.
    const chart = chartRef.current;
    if (chart && chart.getBoundingClientRect().top < 0) {
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      chart.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    }
  };

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['indices'] });
  const fetching = list.isFetching || detail.isFetching;
  const updatedAt = Math.max(list.dataUpdatedAt, detail.dataUpdatedAt);

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('indices.title')}
        subtitle={
          <span data-testid="last-update">
            {updatedAt > 0
              ? t('common.lastUpdate', { time: formatDateTime(updatedAt) })
              : t('common.loading')}
          </span>
        }
        actions={<RefreshButton onClick={refresh} spinning={fetching} />}
      />

      {list.isError && !list.data ? (
        <ErrorCard
          message={
            isApiError(list.error) && list.error.kind === 'network'
              ? t('errors.connection')
              : t('errors.indices')
          }
          retry={{ label: t('common.refresh'), onRetry: () => void list.refetch(), pending: list.isFetching }}
        />
      ) : null}

      <div className="grid grid-cols-2 gap-2 sm:gap-4 xl:grid-cols-4">
        <StatCard
          compact
          title={t('indices.count')}
          icon={BarChart3}
          loading={list.isPending}
          value={formatNumber(breadth.total)}
          hint={t('indices.subtitle')}
          testId="card-index-count"
        />
        <StatCard
          title={t('indices.gainers')}
          icon={TrendingUp}
          loading={list.isPending}
          value={formatNumber(breadth.gainers)}
          valueClassName="text-up"
          hint={t('indices.ofAll', { share: formatPercent(breadth.gainersShare) })}
          testId="card-index-gainers"
          compact
        />
        <StatCard
          title={t('indices.losers')}
          icon={TrendingDown}
          loading={list.isPending}
          value={formatNumber(breadth.losers)}
          valueClassName="text-down"
          hint={t('indices.ofAll', { share: formatPercent(breadth.losersShare) })}
          testId="card-index-losers"
          compact
        />
        <StatCard
          title={t('indices.average')}
          icon={Activity}
          loading={list.isPending}
          value={<ChangeText value={breadth.average} className="font-semibold" />}
          hint={t('indices.averageHint')}
          testId="card-index-average"
          compact
        />
      </div>

      {selected ? (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,1fr)_20rem]">
          <Card data-testid="index-chart-card" ref={chartRef} className="scroll-mt-32">
            <CardHeader>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <CardTitle className="text-lg" data-testid="selected-index">
                  {selected.name}{' '}
                  <span className="text-sm font-medium text-muted-foreground">{selected.code}</span>
                </CardTitle>
                <span className="text-sm tabular-nums">
                  <span className="mr-2 font-semibold">{formatNumber(selected.value, 2)}</span>
                  <ChangeText value={selected.change_percent} />
                </span>
              </div>
              <CardDescription className="line-clamp-2">{selected.description}</CardDescription>
            </CardHeader>
            <CardContent>
              <p className="mb-2 text-xs text-muted-foreground">
                {needsDaily
                  ? t('indices.dailyFallback')
                  : `${t('indices.intraday')} · ${t('indices.intradayHint')}`}
              </p>
              <div
                className="h-72"
                data-testid="index-chart"
                data-code={selectedCode}
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
                    mode={needsDaily ? 'date' : 'time'}
                    trend={selected.change_percent >= 0 ? 'up' : 'down'}
                    label={selected.code}
                    baseline={needsDaily ? undefined : detail.data?.previous_close}
                  />
                )}
              </div>
            </CardContent>
          </Card>
          <IndexPanels index={selected} high={detail.data?.high} low={detail.data?.low} />
        </div>
      ) : list.isPending ? (
        <Skeleton className="h-96 w-full rounded-xl" />
      ) : null}

      <section aria-label={t('indices.title')}>
        <div className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-3 2xl:grid-cols-4">
          {list.isPending
            ? Array.from({ length: 8 }, (_, i) => <Skeleton key={i} className="h-[106px] rounded-xl" />)
            : indices.map((index) => (
                <IndexCard
                  key={index.code}
                  index={index}
                  selected={index.code === selectedCode}
                  onSelect={() => select(index.code)}
                />
              ))}
        </div>
      </section>
    </div>
  );
}

function IndexCard({
  index,
  selected,
  onSelect,
}: {
  index: IndexItem;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('market');
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      aria-label={t('indices.select', { name: `${index.name} (${index.code})` })}
      data-testid="index-card"
      data-code={index.code}
      className={cn(
        'flex h-[106px] min-w-0 cursor-pointer flex-col justify-between rounded-xl border bg-card p-3 text-left shadow-sm transition-colors hover:border-primary/60 sm:p-4',
        selected && 'border-primary ring-2 ring-primary/30',
      )}
    >
      <div className="flex w-full items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">{index.code}</p>
          <p className="truncate text-xs text-muted-foreground">{index.name}</p>
        </div>
        <ChangeText value={index.change_percent} className="text-xs sm:text-sm" showIcon={false} />
      </div>
      <div className="flex w-full items-end justify-between gap-2">
        <span className="truncate text-base font-semibold tabular-nums sm:text-lg">
          {formatNumber(index.value, 2)}
        </span>
        <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline">
          {t('indices.members', { count: index.member_count })}
        </span>
      </div>
    </button>
  );
}

function IndexPanels({
  index,
  high,
  low,
}: {
  index: IndexItem;
  high: number | undefined;
  low: number | undefined;
}) {
  const { t } = useTranslation('market');
  const change = index.change_percent;
  const risk = riskBarOf(change);
  const volatility = volatilityOf(change);
  const trend = trendLabelOf(change);
  const rows: [string, React.ReactNode, string?][] = [
    [t('indices.value'), formatNumber(index.value, 2)],
    [t('indices.change'), <ChangeText key="c" value={change} />],
    [t('indices.volume'), formatAmount(index.volume)],
    [t('indices.marketCap'), formatAmount(index.market_cap)],
    [t('indices.status'), t('indices.active'), 'text-up'],
    [t('indices.volatility'), t(`indices.${volatility}`), volatility === 'high' ? 'text-down' : undefined],
    [
      t('indices.trend'),
      trend === 'positive' ? t('indices.positive') : t('indices.negative'),
      trend === 'positive' ? 'text-up' : 'text-down',
    ],
  ];
  return (
    <Card data-testid="index-panels">
      <CardContent className="pt-5">
        <dl className="divide-y text-sm">
          {rows.map(([label, value, className]) => (
            <div key={label} className="flex items-center justify-between gap-3 py-2">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className={cn('text-right font-medium tabular-nums', className)}>{value}</dd>
            </div>
          ))}
        </dl>
        {high !== undefined && low !== undefined ? (
          <p className="mt-1 text-xs text-muted-foreground tabular-nums">
            {t('indices.range', { low: formatNumber(low, 2), high: formatNumber(high, 2) })}
          </p>
        ) : null}
        <div className="mt-4">
          <div className="mb-1.5 flex items-center justify-between text-sm">
            <span className="inline-flex items-center gap-1.5 text-muted-foreground">
              <Gauge className="size-4" aria-hidden="true" />
              {t('indices.risk')}
            </span>
            <span className="font-medium" data-testid="risk-label">
              {t(`indices.riskLevel.${risk.level}`)} · {formatChange(Math.abs(change)).replace('+', '')}
            </span>
          </div>
          <div
            className="h-2.5 overflow-hidden rounded-full bg-muted"
            role="meter"
            aria-label={t('indices.risk')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(risk.width)}
            aria-valuetext={t(`indices.riskLevel.${risk.level}`)}
          >
            <div
              data-testid="risk-bar"
              data-level={risk.level}
              className={cn('h-full rounded-full', RISK_CLASS[risk.level])}
              style={{ width: `${risk.width}%` }}
            />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
