import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { LIVE_DATA_MAX_LIMIT } from '@bist/contracts/values';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLiveData } from '@/features/market/api/get-live-data';
import { useMarketSummary } from '@/features/market/api/get-market-summary';
import { useStockList } from '@/features/market/api/get-stock-list';
import { RefreshButton } from '@/features/market/components/shared/refresh-button';
import { nextHeaderSort, pageCount } from '@/features/market/lib/stock-sort';
import { isApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { StocksPagination } from './stocks-pagination';
import { StocksSummaryCards } from './stocks-summary-cards';
import { StocksTable } from './stocks-table';
import { StocksToolbar } from './stocks-toolbar';
import { STOCKS_PAGE_SIZES, useStocksUrlState } from './use-stocks-url-state';
import '@/features/market/i18n';

/**
 * Hisse Senetleri: search, sector filter, sorting, pages of 20 and three cards over the page; the state lives in
 * the URL. `rowAction` is another feature's button per row (the watchlist star), composed by the route.
 */
export function StocksPage({ rowAction }: { rowAction?: (symbol: string) => ReactNode } = {}) {
  const { t } = useTranslation('market');
  useDocumentTitle(t('stocks.title'));
  const state = useStocksUrlState();
  const { urlSearch, sector, sort, page, pageSize } = state;

  const list = useStockList({
    page,
    limit: pageSize,
    sector: sector || undefined,
    search: urlSearch || undefined,
    ...sort,
  });
  const summary = useMarketSummary((s) => s.overview.total_stocks);
  // Every stock's latest change, for the market-wide gainers and losers.
  const market = useLiveData(LIVE_DATA_MAX_LIMIT);

  const stocks = list.data?.stocks ?? [];
  const total = list.data?.total ?? 0;
  const loadingFirst = list.isPending;

  const errorMessage = list.isError
    ? isApiError(list.error) && list.error.kind === 'network'
      ? t('errors.connection')
      : t('errors.stocks')
    : null;

  const listedCount = summary.data ?? (sector || urlSearch ? null : list.data?.total);

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('stocks.title')}
        subtitle={
          <span data-testid="listed-count">
            {listedCount === null || listedCount === undefined ? (
              <Skeleton className="inline-block h-4 w-64 align-middle" />
            ) : (
              t('stocks.listed', { count: formatNumber(listedCount) })
            )}
          </span>
        }
        actions={<RefreshButton onClick={() => void list.refetch()} spinning={list.isFetching} />}
      />

      <StocksToolbar
        text={state.text}
        onTextChange={state.setText}
        sector={sector}
        onSectorChange={state.setSector}
        sort={sort}
        onSortChange={(next) => state.setSort(next, true)}
      />

      <StocksSummaryCards
        stocks={stocks}
        total={total}
        loading={loadingFirst}
        marketChanges={market.data?.data.map((item) => item.changePercent)}
      />

      {errorMessage ? (
        <ErrorCard
          message={errorMessage}
          detail={isApiError(list.error) ? list.error.message : undefined}
          retry={{ label: t('common.refresh'), onRetry: () => void list.refetch(), pending: list.isFetching }}
        />
      ) : (
        <Card className="overflow-hidden">
          <StocksTable
            stocks={stocks}
            loading={loadingFirst}
            fetching={list.isFetching && !loadingFirst}
            sort={sort}
            onSort={(field) => state.setSort(nextHeaderSort(sort, field), false)}
            rowAction={rowAction}
            emptyText={
              urlSearch
                ? t('stocks.emptySearch', { query: urlSearch })
                : sector
                  ? t('stocks.emptySector')
                  : t('stocks.empty')
            }
          />
          <StocksPagination
            page={page}
            pages={pageCount(total, pageSize)}
            onPage={state.setPage}
            pageSize={pageSize}
            pageSizes={STOCKS_PAGE_SIZES}
            onPageSize={state.setPageSize}
          />
        </Card>
      )}
    </div>
  );
}
