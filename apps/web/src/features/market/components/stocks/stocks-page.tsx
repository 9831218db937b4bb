import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ChevronLeft,
  ChevronRight,
  Eye,
  Layers,
  Search,
  TrendingDown,
  TrendingUp,
} from 'lucide-react';
import {
  STOCKS_ARROW_THRESHOLD_PERCENT,
  STOCKS_PAGE_SIZE,
  STOCKS_SEARCH_DEBOUNCE_MS,
  type StockListItem,
  type StockSortField,
} from '@bist/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useMarketSummary } from '@/features/market/api/get-market-summary';
import { useSectors } from '@/features/market/api/get-sectors';
import { useStockList } from '@/features/market/api/get-stock-list';
import { breadthOf } from '@/features/market/lib/index-rules';
import {
  ariaSortOf,
  nextHeaderSort,
  pageCount,
  parseSort,
  SORT_OPTIONS,
  sortOptionKey,
  type StockSort,
} from '@/features/market/lib/stock-sort';
import { ErrorCard } from '@/components/error-card';
import { ChangeText } from '@/features/market/components/shared/change-text';
import { PageHeader } from '@/components/page-header';
import { RefreshButton } from '@/features/market/components/shared/refresh-button';
import { StatCard } from '@/components/stat-card';
import { isApiError } from '@/lib/api-client';
import { formatNumber, formatPercent, formatPrice, formatVolume } from '@/lib/format';
import { useDebounced } from '@/lib/use-debounced';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

const ALL = '__all__';

/** Hisse Senetleri (spec §2/§4): search, sector filter, sorting, pages of 20, three cards. State lives in the URL. */
export function StocksPage({ rowAction }: { rowAction?: (symbol: string) => ReactNode } = {}) {
  const { t } = useTranslation('market');
  useDocumentTitle(t('stocks.title'));
  const [params, setParams] = useSearchParams();

  const urlSearch = params.get('search') ?? '';
  const sector = params.get('sector') ?? '';
  const sort = parseSort(params.get('sort_by'), params.get('sort_order'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  // The box follows the URL when someone else changes it (the top bar's search), else the user's typing.
  const [text, setText] = useState(urlSearch);
  const [seenUrlSearch, setSeenUrlSearch] = useState(urlSearch);
  if (urlSearch !== seenUrlSearch) {
    setSeenUrlSearch(urlSearch);
    if (urlSearch !== text.trim()) setText(urlSearch);
  }
  const debouncedText = useDebounced(text, STOCKS_SEARCH_DEBOUNCE_MS);

  const update = (changes: Record<string, string | null>) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (next.get('page') === '1') next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  useEffect(() => {
    const trimmed = debouncedText.trim();
    if (trimmed === urlSearch.trim()) return;
    // Spec §4: a search resets to page 1.
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (trimmed) next.set('search', trimmed);
        else next.delete('search');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debouncedText, urlSearch, setParams]);

  const setSort = (next: StockSort, resetPage: boolean) =>
    update({ sort_by: next.sortBy, sort_order: next.sortOrder, ...(resetPage ? { page: null } : {}) });

  const list = useStockList({ page, sector: sector || undefined, search: urlSearch || undefined, ...sort });
  const sectors = useSectors();
  const summary = useMarketSummary((s) => s.overview.total_stocks);

  const stocks = list.data?.stocks ?? [];
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, STOCKS_PAGE_SIZE);
  const breadth = breadthOf(stocks.map((s) => s.change_percent));
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

      <div className="grid grid-cols-1 gap-3 md:grid-cols-[minmax(0,1fr)_14rem_15rem]">
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('stocks.searchPlaceholder')}
            aria-label={t('stocks.searchLabel')}
            className="pl-9"
            data-testid="stocks-search"
          />
        </div>
        <Select
          value={sector || ALL}
          onValueChange={(value) => update({ sector: value === ALL ? null : value, page: null })}
        >
          <SelectTrigger aria-label={t('stocks.sectorLabel')} data-testid="sector-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t('stocks.allSectors')}</SelectItem>
            {(sectors.data ?? []).map((s) => (
              <SelectItem key={s.sector} value={s.sector}>
                {t('stocks.sectorOption', { sector: s.sector, count: s.count })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={sortOptionKey(sort) ?? ''}
          onValueChange={(key) => {
            const option = SORT_OPTIONS.find((o) => o.key === key);
            // Spec §4: the sort select resets to page 1.
            if (option) setSort({ sortBy: option.sortBy, sortOrder: option.sortOrder }, true);
          }}
        >
          <SelectTrigger aria-label={t('stocks.sortLabel')} data-testid="sort-select">
            <SelectValue placeholder={t('stocks.sortCustom')} />
          </SelectTrigger>
          <SelectContent>
            {SORT_OPTIONS.map((o) => (
              <SelectItem key={o.key} value={o.key}>
                {t(`stocks.sort.${o.key}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        <StatCard
          title={t('stocks.pageStocks')}
          icon={Layers}
          loading={loadingFirst}
          value={formatNumber(stocks.length)}
          hint={t('stocks.pageStocksHint', { total: formatNumber(total) })}
          testId="card-page-stocks"
          compact
        />
        <StatCard
          title={t('stocks.gainers')}
          icon={TrendingUp}
          loading={loadingFirst}
          value={formatNumber(breadth.gainers)}
          valueClassName="text-up"
          hint={t('stocks.shareOfPage', { share: formatPercent(breadth.gainersShare) })}
          testId="card-gainers"
          compact
        />
        <StatCard
          title={t('stocks.losers')}
          icon={TrendingDown}
          loading={loadingFirst}
          value={formatNumber(breadth.losers)}
          valueClassName="text-down"
          hint={t('stocks.shareOfPage', { share: formatPercent(breadth.losersShare) })}
          testId="card-losers"
          compact
        />
      </div>

      {errorMessage ? (
        <ErrorCard
          message={errorMessage}
          detail={isApiError(list.error) ? list.error.displayMessage : undefined}
          retry={{ label: t('common.refresh'), onRetry: () => void list.refetch(), pending: list.isFetching }}
        />
      ) : (
        <Card className="overflow-hidden">
          <StocksTable
            stocks={stocks}
            loading={loadingFirst}
            fetching={list.isFetching && !loadingFirst}
            sort={sort}
            onSort={(field) => setSort(nextHeaderSort(sort, field), false)}
            rowAction={rowAction}
            emptyText={
              urlSearch
                ? t('stocks.emptySearch', { query: urlSearch })
                : sector
                  ? t('stocks.emptySector')
                  : t('stocks.empty')
            }
          />
          {pages > 1 ? (
            <nav
              className="flex items-center justify-between gap-3 border-t px-4 py-3"
              aria-label={t('stocks.page', { page, pages })}
            >
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => update({ page: String(page - 1) })}
              >
                <ChevronLeft aria-hidden="true" />
                {t('stocks.previous')}
              </Button>
              <span className="text-sm font-medium tabular-nums" data-testid="page-indicator">
                {t('stocks.page', { page, pages })}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages}
                onClick={() => update({ page: String(page + 1) })}
              >
                {t('stocks.next')}
                <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          ) : null}
        </Card>
      )}
    </div>
  );
}

function SortHeader({
  column,
  label,
  sort,
  onSort,
  align = 'left',
}: {
  column: StockSortField;
  label: string;
  sort: StockSort;
  onSort: (field: StockSortField) => void;
  align?: 'left' | 'right';
}) {
  const { t } = useTranslation('market');
  const state = ariaSortOf(sort, column);
  const Icon = state === 'ascending' ? ArrowUp : state === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <TableHead aria-sort={state} className={cn(align === 'right' && 'text-right')}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn(
          'inline-flex cursor-pointer items-center gap-1 rounded-sm uppercase tracking-wide hover:text-foreground',
          state !== 'none' && 'text-foreground',
        )}
        title={t('stocks.sortBy', { column: label })}
      >
        {label}
        <Icon className={cn('size-3.5', state === 'none' && 'opacity-40')} aria-hidden="true" />
      </button>
    </TableHead>
  );
}

function StocksTable({
  stocks,
  loading,
  fetching,
  sort,
  onSort,
  rowAction,
  emptyText,
}: {
  stocks: StockListItem[];
  loading: boolean;
  fetching: boolean;
  sort: StockSort;
  onSort: (field: StockSortField) => void;
  rowAction: ((symbol: string) => ReactNode) | undefined;
  emptyText: string;
}) {
  const { t } = useTranslation('market');
  return (
    <Table
      aria-label={t('stocks.table')}
      aria-busy={loading || fetching}
      className={cn(fetching && 'opacity-70 transition-opacity')}
    >
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <SortHeader column="symbol" label={t('stocks.columns.symbol')} sort={sort} onSort={onSort} />
          <TableHead className="hidden md:table-cell">{t('stocks.columns.company')}</TableHead>
          <SortHeader
            column="price"
            label={t('stocks.columns.price')}
            sort={sort}
            onSort={onSort}
            align="right"
          />
          <SortHeader
            column="change"
            label={t('stocks.columns.change')}
            sort={sort}
            onSort={onSort}
            align="right"
          />
          <SortHeader
            column="volume"
            label={t('stocks.columns.volume')}
            sort={sort}
            onSort={onSort}
            align="right"
          />
          <TableHead className="hidden lg:table-cell">{t('stocks.columns.sector')}</TableHead>
          <TableHead className="text-right">{t('stocks.columns.actions')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading
          ? Array.from({ length: STOCKS_PAGE_SIZE }, (_, i) => (
              <TableRow key={i} data-testid="skeleton-row">
                <TableCell>
                  <Skeleton className="h-5 w-16" />
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  <Skeleton className="h-5 w-44" />
                </TableCell>
                <TableCell>
                  <Skeleton className="ml-auto h-5 w-16" />
                </TableCell>
                <TableCell>
                  <Skeleton className="ml-auto h-5 w-14" />
                </TableCell>
                <TableCell>
                  <Skeleton className="ml-auto h-5 w-14" />
                </TableCell>
                <TableCell className="hidden lg:table-cell">
                  <Skeleton className="h-5 w-24" />
                </TableCell>
                <TableCell>
                  <Skeleton className="ml-auto h-7 w-16" />
                </TableCell>
              </TableRow>
            ))
          : null}
        {!loading && stocks.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={7} className="py-12 text-center text-muted-foreground">
              {emptyText}
            </TableCell>
          </TableRow>
        ) : null}
        {stocks.map((stock) => {
          const bigUp = stock.change_percent > STOCKS_ARROW_THRESHOLD_PERCENT;
          const bigDown = stock.change_percent < -STOCKS_ARROW_THRESHOLD_PERCENT;
          return (
            <TableRow key={stock.symbol} data-testid="stock-row" data-symbol={stock.symbol}>
              <TableCell className="font-semibold">
                <Link
                  to={`/stocks/${stock.symbol}`}
                  className="rounded-sm hover:text-primary hover:underline"
                >
                  {stock.symbol}
                </Link>
                <span className="block max-w-36 truncate text-xs font-normal text-muted-foreground md:hidden">
                  {stock.company_name}
                </span>
              </TableCell>
              <TableCell className="hidden max-w-64 truncate md:table-cell" title={stock.company_name}>
                {stock.company_name}
              </TableCell>
              <TableCell className="text-right font-medium">{formatPrice(stock.price)}</TableCell>
              <TableCell className="text-right">
                <span className="inline-flex items-center justify-end gap-1">
                  {bigUp ? (
                    <TrendingUp className="size-4 text-up" aria-label={t('stocks.bigUp')} role="img" />
                  ) : null}
                  {bigDown ? (
                    <TrendingDown className="size-4 text-down" aria-label={t('stocks.bigDown')} role="img" />
                  ) : null}
                  <ChangeText value={stock.change_percent} showIcon={false} />
                </span>
              </TableCell>
              <TableCell className="text-right">{formatVolume(stock.volume)}</TableCell>
              <TableCell className="hidden max-w-48 truncate text-muted-foreground lg:table-cell">
                {stock.sector}
              </TableCell>
              <TableCell className="text-right">
                <div className="inline-flex gap-1">
                  <Button asChild variant="ghost" size="icon" className="size-8">
                    <Link
                      to={`/stocks/${stock.symbol}`}
                      aria-label={t('common.openStock', { symbol: stock.symbol })}
                      title={t('common.openStock', { symbol: stock.symbol })}
                    >
                      <Eye aria-hidden="true" />
                    </Link>
                  </Button>
                  {rowAction?.(stock.symbol)}
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
