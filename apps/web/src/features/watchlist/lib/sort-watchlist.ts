import type { WatchlistItem } from '@bist/contracts';

export type WatchlistSortField = 'symbol' | 'price' | 'change' | 'volume';
export interface WatchlistSort {
  field: WatchlistSortField;
  direction: 'asc' | 'desc';
}

const VALUE: Record<WatchlistSortField, (item: WatchlistItem) => string | number | null> = {
  symbol: (item) => item.symbol,
  price: (item) => item.price,
  change: (item) => item.change_percent,
  volume: (item) => item.volume,
};

/** Sorted copy; items without the value (no quote) go last in either direction. */
export function sortWatchlist(items: readonly WatchlistItem[], sort: WatchlistSort): WatchlistItem[] {
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const x = VALUE[sort.field](a);
    const y = VALUE[sort.field](b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    if (typeof x === 'string' || typeof y === 'string') return String(x).localeCompare(String(y)) * factor;
    return (x - y) * factor;
  });
}

/** A click on the active column flips its direction; another column starts ascending. */
export function nextWatchlistSort(sort: WatchlistSort, field: WatchlistSortField): WatchlistSort {
  return { field, direction: sort.field === field && sort.direction === 'asc' ? 'desc' : 'asc' };
}
