import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { ArrowDown, ArrowUp, ArrowUpDown, Star } from 'lucide-react';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { changeColorClass, formatChange, formatPrice, formatVolume } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useIsPhone } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { useWatchlist } from '@/features/watchlist/api/get-watchlist';
import {
  nextWatchlistSort,
  sortWatchlist,
  type WatchlistSort,
  type WatchlistSortField,
} from '@/features/watchlist/lib/sort-watchlist';
import '@/features/watchlist/i18n';
import { WatchlistStarButton } from './watchlist-star-button';

type SortField = WatchlistSortField;
type Sort = WatchlistSort;

function SortButton({
  field,
  label,
  sort,
  onSort,
}: {
  field: SortField;
  label: string;
  sort: Sort;
  onSort: (field: SortField) => void;
}) {
  const active = sort.field === field;
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => onSort(field)}
      className={cn(
        'inline-flex cursor-pointer items-center gap-1 hover:text-foreground',
        active && 'text-foreground',
      )}
    >
      {label}
      <Icon className={cn('size-3.5', !active && 'opacity-40')} aria-hidden="true" />
    </button>
  );
}

/**
 * İzleme Listesi: the watched stocks in a sortable table (cards on phones), each with its star to remove it and,
 * through `rowAction`, what other features add (a price alert).
 */
export function WatchlistPage({
  actions,
  rowAction,
}: {
  actions?: ReactNode;
  rowAction?: (symbol: string) => ReactNode;
}) {
  const { t } = useTranslation('watchlist');
  useDocumentTitle(t('title'));
  const query = useWatchlist();
  const phone = useIsPhone();
  const [sort, setSort] = useState<Sort>({ field: 'symbol', direction: 'asc' });
  const onSort = (field: SortField) => setSort((s) => nextWatchlistSort(s, field));
  const items = query.data ? sortWatchlist(query.data, sort) : undefined;
  const ariaSort = (field: SortField) =>
    sort.field !== field ? 'none' : sort.direction === 'asc' ? 'ascending' : 'descending';
  const rowActions = (symbol: string) => (
    <div className="inline-flex items-center gap-1">
      {rowAction?.(symbol)}
      <WatchlistStarButton symbol={symbol} />
    </div>
  );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={actions} />
      {query.isError && !query.data ? (
        <ErrorCard
          message={t('loadFailed')}
          retry={{ label: t('retry'), onRetry: () => void query.refetch(), pending: query.isFetching }}
        />
      ) : (
        <Card>
          <CardContent className="pt-6">
            {query.isPending ? (
              <div className="grid gap-2" data-testid="watchlist-loading">
                {Array.from({ length: 4 }, (_, i) => (
                  <Skeleton key={i} className="h-10 w-full" />
                ))}
              </div>
            ) : items?.length === 0 ? (
              <div
                className="grid justify-items-center gap-2 py-10 text-center"
                data-testid="watchlist-empty"
              >
                <Star className="size-8 text-muted-foreground" aria-hidden="true" />
                <p className="font-medium">{t('emptyTitle')}</p>
                <p className="max-w-md text-sm text-muted-foreground">{t('emptyText')}</p>
              </div>
            ) : phone ? (
              <ul className="grid gap-2" data-testid="watchlist-cards">
                {items?.map((item) => (
                  <li
                    key={item.symbol}
                    data-testid="watchlist-row"
                    data-symbol={item.symbol}
                    className="flex items-center justify-between gap-2 rounded-lg border p-3 text-sm"
                  >
                    <div className="min-w-0">
                      <Link to={`/stocks/${item.symbol}`} className="font-semibold hover:underline">
                        {item.symbol}
                      </Link>
                      <p className="truncate text-xs text-muted-foreground">{item.name ?? ''}</p>
                    </div>
                    <div className="text-right tabular-nums">
                      <div className="font-medium">{formatPrice(item.price)}</div>
                      <div className={cn('text-xs', changeColorClass(item.change_percent))}>
                        {formatChange(item.change_percent)}
                      </div>
                    </div>
                    {rowActions(item.symbol)}
                  </li>
                ))}
              </ul>
            ) : (
              <Table aria-label={t('title')} data-testid="watchlist-table">
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead aria-sort={ariaSort('symbol')}>
                      <SortButton field="symbol" label={t('columns.symbol')} sort={sort} onSort={onSort} />
                    </TableHead>
                    <TableHead>{t('columns.name')}</TableHead>
                    <TableHead aria-sort={ariaSort('price')} className="text-right">
                      <SortButton field="price" label={t('columns.price')} sort={sort} onSort={onSort} />
                    </TableHead>
                    <TableHead aria-sort={ariaSort('change')} className="text-right">
                      <SortButton field="change" label={t('columns.change')} sort={sort} onSort={onSort} />
                    </TableHead>
                    <TableHead aria-sort={ariaSort('volume')} className="text-right">
                      <SortButton field="volume" label={t('columns.volume')} sort={sort} onSort={onSort} />
                    </TableHead>
                    <TableHead className="hidden lg:table-cell">{t('columns.sector')}</TableHead>
                    <TableHead className="text-right">
                      <span className="sr-only">{t('columns.actions')}</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items?.map((item) => (
                    <TableRow key={item.symbol} data-testid="watchlist-row" data-symbol={item.symbol}>
                      <TableCell className="font-semibold">
                        <Link to={`/stocks/${item.symbol}`} className="hover:underline">
                          {item.symbol}
                        </Link>
                      </TableCell>
                      <TableCell className="max-w-64 truncate">{item.name ?? ''}</TableCell>
                      <TableCell className="text-right font-medium">{formatPrice(item.price)}</TableCell>
                      <TableCell className={cn('text-right', changeColorClass(item.change_percent))}>
                        {formatChange(item.change_percent)}
                      </TableCell>
                      <TableCell className="text-right">{formatVolume(item.volume)}</TableCell>
                      <TableCell className="hidden text-muted-foreground lg:table-cell">
                        {item.sector ?? ''}
                      </TableCell>
                      <TableCell className="text-right">{rowActions(item.symbol)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
