import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link, useNavigate } from 'react-router';
import { ArrowDown, ArrowUp, ArrowUpDown, Eye, TrendingDown, TrendingUp } from 'lucide-react';
import type { StockListItem, StockSortField } from '@bist/contracts';
import { STOCKS_ARROW_THRESHOLD_PERCENT, STOCKS_PAGE_SIZE } from '@bist/contracts/values';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ChangeText } from '@/features/market/components/shared/change-text';
import { Week52Range } from '@/features/market/components/shared/week52-range';
import { ariaSortOf, type StockSort } from '@/features/market/lib/stock-sort';
import { formatAmount, formatPrice, formatVolume } from '@/lib/format';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

function SortHeader({
  column,
  label,
  sort,
  onSort,
  align = 'left',
  className,
}: {
  column: StockSortField;
  label: string;
  sort: StockSort;
  onSort: (field: StockSortField) => void;
  align?: 'left' | 'right';
  className?: string;
}) {
  const { t } = useTranslation('market');
  const state = ariaSortOf(sort, column);
  const Icon = state === 'ascending' ? ArrowUp : state === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <TableHead aria-sort={state} className={cn(align === 'right' && 'text-right', className)}>
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

/**
 * One page of stocks: sortable headers, skeleton rows while the first page loads, an arrow on moves beyond 5 %, and
 * per row a link to the stock plus the `rowAction` other features add (the watchlist star).
 */
export function StocksTable({
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
  const navigate = useNavigate();
  return (
    <Table
      aria-label={t('stocks.table')}
      aria-busy={loading || fetching}
      // Phones: tighter cells so symbol, price, change and the star fit without sideways scrolling.
      className={cn(
        '[&_td]:px-2 [&_th]:px-2 sm:[&_td]:px-3 sm:[&_th]:px-3',
        fetching && 'opacity-70 transition-opacity',
      )}
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
            className="hidden sm:table-cell"
          />
          <TableHead className="hidden text-right xl:table-cell">{t('stocks.columns.marketCap')}</TableHead>
          <TableHead className="hidden 2xl:table-cell">{t('stocks.columns.week52')}</TableHead>
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
                <TableCell className="hidden sm:table-cell">
                  <Skeleton className="ml-auto h-5 w-14" />
                </TableCell>
                <TableCell className="hidden xl:table-cell">
                  <Skeleton className="ml-auto h-5 w-16" />
                </TableCell>
                <TableCell className="hidden 2xl:table-cell">
                  <Skeleton className="h-5 w-32" />
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
            <TableCell colSpan={9} className="py-12 text-center text-muted-foreground">
              {emptyText}
            </TableCell>
          </TableRow>
        ) : null}
        {stocks.map((stock) => {
          const bigUp = stock.change_percent > STOCKS_ARROW_THRESHOLD_PERCENT;
          const bigDown = stock.change_percent < -STOCKS_ARROW_THRESHOLD_PERCENT;
          return (
            <TableRow
              key={stock.symbol}
              data-testid="stock-row"
              data-symbol={stock.symbol}
              className="cursor-pointer"
              // The whole row opens the stock; the symbol link is its keyboard path, buttons keep their own click.
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('a, button')) return;
                void navigate(`/stocks/${stock.symbol}`);
              }}
            >
              <TableCell className="font-semibold">
                <Link
                  to={`/stocks/${stock.symbol}`}
                  className="rounded-sm hover:text-primary hover:underline max-sm:inline-flex max-sm:items-center"
                >
                  {stock.symbol}
                </Link>
                <span className="block max-w-24 truncate text-xs font-normal text-muted-foreground md:hidden">
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
                <span className="block text-xs text-muted-foreground sm:hidden">
                  {formatVolume(stock.volume)}
                </span>
              </TableCell>
              <TableCell className="hidden text-right sm:table-cell">{formatVolume(stock.volume)}</TableCell>
              <TableCell className="hidden text-right xl:table-cell" data-col="market-cap">
                {formatAmount(stock.market_cap)}
              </TableCell>
              {/* From 2xl only: at 1366 px the extra column made the change, volume and cap cells wrap. */}
              <TableCell className="hidden 2xl:table-cell" data-col="week52">
                <Week52Range low={stock.week52_low} high={stock.week52_high} price={stock.price} />
              </TableCell>
              <TableCell
                className="hidden max-w-48 truncate text-muted-foreground lg:table-cell"
                data-col="sector"
              >
                {stock.sector}
              </TableCell>
              <TableCell className="text-right">
                <div className="inline-flex gap-1">
                  <Button asChild variant="ghost" size="icon" className="hidden size-8 sm:inline-flex">
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
