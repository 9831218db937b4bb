import type { StockSortField } from '@bist/contracts';
import { STOCKS_DEFAULT_SORT } from '@bist/contracts/values';

export type SortOrder = 'asc' | 'desc';
export interface StockSort {
  sortBy: StockSortField;
  sortOrder: SortOrder;
}

export const DEFAULT_STOCK_SORT: StockSort = { ...STOCKS_DEFAULT_SORT };

/** The sort select's options, in order: symbol A-Z, Z-A, price high-low, low-high, most rising, most falling, volume high-low. */
export const SORT_OPTIONS = [
  { key: 'symbol-asc', sortBy: 'symbol', sortOrder: 'asc' },
  { key: 'symbol-desc', sortBy: 'symbol', sortOrder: 'desc' },
  { key: 'price-desc', sortBy: 'price', sortOrder: 'desc' },
  { key: 'price-asc', sortBy: 'price', sortOrder: 'asc' },
  { key: 'change-desc', sortBy: 'change', sortOrder: 'desc' },
  { key: 'change-asc', sortBy: 'change', sortOrder: 'asc' },
  { key: 'volume-desc', sortBy: 'volume', sortOrder: 'desc' },
] as const satisfies readonly (StockSort & { key: string })[];

export type SortOptionKey = (typeof SORT_OPTIONS)[number]['key'];

/** The select's key for a sort, or null when the headers chose one the select does not list (volume ascending). */
export function sortOptionKey(sort: StockSort): SortOptionKey | null {
  return SORT_OPTIONS.find((o) => o.sortBy === sort.sortBy && o.sortOrder === sort.sortOrder)?.key ?? null;
}

/** Clicking the active column toggles its direction; clicking another column sorts it ascending. */
export function nextHeaderSort(current: StockSort, clicked: StockSortField): StockSort {
  if (current.sortBy === clicked) {
    return { sortBy: clicked, sortOrder: current.sortOrder === 'asc' ? 'desc' : 'asc' };
  }
  return { sortBy: clicked, sortOrder: 'asc' };
}

/** aria-sort of a column header. */
export function ariaSortOf(current: StockSort, column: StockSortField): 'ascending' | 'descending' | 'none' {
  if (current.sortBy !== column) return 'none';
  return current.sortOrder === 'asc' ? 'ascending' : 'descending';
}

const FIELDS: readonly string[] = ['symbol', 'price', 'change', 'volume'];

/** Reads a sort from URL parameters, falling back to the default for anything unknown. */
export function parseSort(sortBy: string | null, sortOrder: string | null): StockSort {
  const field = sortBy && FIELDS.includes(sortBy) ? (sortBy as StockSortField) : DEFAULT_STOCK_SORT.sortBy;
  const order: SortOrder =
    sortOrder === 'desc' ? 'desc' : sortOrder === 'asc' ? 'asc' : DEFAULT_STOCK_SORT.sortOrder;
  return { sortBy: field, sortOrder: order };
}

/** Number of pages: ceil(total / size), at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
