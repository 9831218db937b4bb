import { describe, expect, it } from 'vitest';
import type { WatchlistItem } from '@bist/contracts';
import { nextWatchlistSort, sortWatchlist } from './sort-watchlist';

const item = (symbol: string, price: number | null, change: number | null): WatchlistItem => ({
  symbol,
  price,
  change_percent: change,
  name: null,
  sector: null,
  previous_close: null,
  volume: price === null ? null : price * 10,
  added_at: '2026-11-20T10:00:00Z',
});

describe('watchlist sort', () => {
  const items = [
    item('GARAN', 120, -1.5),
    item('ASELS', 272, 2.1),
    item('YOK', null, null),
    item('BIMAS', 500, 0),
  ];

  it('sorts by symbol, price or change either way, items without a quote last', () => {
    const symbols = (field: 'symbol' | 'price' | 'change', direction: 'asc' | 'desc') =>
      sortWatchlist(items, { field, direction }).map((i) => i.symbol);
    expect(symbols('symbol', 'asc')).toEqual(['ASELS', 'BIMAS', 'GARAN', 'YOK']);
    expect(symbols('price', 'asc')).toEqual(['GARAN', 'ASELS', 'BIMAS', 'YOK']);
    expect(symbols('price', 'desc')).toEqual(['BIMAS', 'ASELS', 'GARAN', 'YOK']);
    expect(symbols('change', 'desc')).toEqual(['ASELS', 'BIMAS', 'GARAN', 'YOK']);
  });

  it('flips the active column and starts another ascending', () => {
    expect(nextWatchlistSort({ field: 'price', direction: 'asc' }, 'price')).toEqual({
      field: 'price',
      direction: 'desc',
    });
    expect(nextWatchlistSort({ field: 'price', direction: 'desc' }, 'change')).toEqual({
      field: 'change',
      direction: 'asc',
    });
  });
});
