import { useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useIndexList } from '@/features/market/api/get-index-list';
import { RefreshButton } from '@/features/market/components/shared/refresh-button';
import { SourceLine } from '@/features/market/components/shared/source-line';
import { isComputedIndex } from '@/lib/market-source';
import { useMarketSource } from '@/lib/use-market-source';
import { formatDateTime } from '@/features/market/lib/format-market';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { IndexBreadthCards } from './index-breadth-cards';
import { IndexCard } from './index-card';
import { IndexChartCard } from './index-chart-card';
import { IndexHistoryCard } from './index-history-card';
import { IndexMembersCard } from './index-members-card';
import { IndexPanels } from './index-panels';
import { useIndexSeries } from './use-index-series';
import { seriesRange } from '@/features/market/lib/index-rules';
import '@/features/market/i18n';

const DEFAULT_INDEX = 'XU100';

/**
 * BIST Endeksleri: four cards over all indices, the selected index's intraday chart and panels with its risk bar,
 * its daily history with its return against XU100's and its members, and the grid of index cards to choose from
 * (XU100 first). Each index has its own address, /indices/:code (/indices shows XU100).
 */
export function IndicesPage() {
  const { t } = useTranslation('market');
  useDocumentTitle(t('indices.title'));
  const queryClient = useQueryClient();
  const list = useIndexList();
  const { data: source } = useMarketSource();
  const navigate = useNavigate();
  const chosen = useParams().code?.toUpperCase() ?? null;
  const indices = list.data ?? [];
  const selectedCode =
    chosen ?? (indices.some((i) => i.code === DEFAULT_INDEX) ? DEFAULT_INDEX : indices[0]?.code);
  const selected = indices.find((i) => i.code === selectedCode);
  const { detail, points, daily } = useIndexSeries(selectedCode);
  const dayRange = daily ? undefined : seriesRange(points);

  const chartRef = useRef<HTMLDivElement>(null);
  const select = (code: string) => {
    void navigate(`/indices/${code}`);
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
          <>
            <span data-testid="last-update">
              {updatedAt > 0
                ? t('common.lastUpdate', { time: formatDateTime(updatedAt) })
                : t('common.loading')}
            </span>
            <SourceLine className="mt-1" />
          </>
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

      <IndexBreadthCards indices={indices} loading={list.isPending} />

      {selected ? (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,1fr)_20rem]">
          <IndexChartCard
            ref={chartRef}
            selected={selected}
            points={points}
            daily={daily}
            previousClose={detail.data?.previous_close}
            computed={isComputedIndex(source, selected.code)}
          />
          {/* The day's range from the points the chart draws; none while the chart shows past days. */}
          <IndexPanels index={selected} high={dayRange?.high} low={dayRange?.low} />
        </div>
      ) : list.isPending ? (
        <Skeleton className="h-96 w-full rounded-xl" />
      ) : null}

      {selectedCode ? (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          <IndexHistoryCard code={selectedCode} />
          <IndexMembersCard code={selectedCode} />
        </div>
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
                  computed={isComputedIndex(source, index.code)}
                  onSelect={() => select(index.code)}
                />
              ))}
        </div>
      </section>
    </div>
  );
}
