import { describe, expect, it } from 'vitest';
import { ariaSortOf, nextHeaderSort, pageCount, parseSort, SORT_OPTIONS, sortOptionKey } from './stock-sort';

describe('stock sorting', () => {
  it('toggles the active column and resets another column to ascending', () => {
    expect(nextHeaderSort({ sortBy: 'symbol', sortOrder: 'asc' }, 'symbol')).toEqual({
      sortBy: 'symbol',
      sortOrder: 'desc',
    });
    expect(nextHeaderSort({ sortBy: 'symbol', sortOrder: 'desc' }, 'symbol')).toEqual({
      sortBy: 'symbol',
      sortOrder: 'asc',
    });
    expect(nextHeaderSort({ sortBy: 'price', sortOrder: 'desc' }, 'change')).toEqual({
      sortBy: 'change',
      sortOrder: 'asc',
    });
  });

  it('gives aria-sort only to the active column', () => {
    const sort = { sortBy: 'price', sortOrder: 'desc' } as const;
    expect(ariaSortOf(sort, 'price')).toBe('descending');
    expect(ariaSortOf(sort, 'volume')).toBe('none');
    expect(ariaSortOf({ sortBy: 'volume', sortOrder: 'asc' }, 'volume')).toBe('ascending');
  });

  it('lists the seven sort options and maps header sorts onto them', () => {
    expect(SORT_OPTIONS.map((o) => o.key)).toEqual([
      'symbol-asc',
      'symbol-desc',
      'price-desc',
      'price-asc',
      'change-desc',
      'change-asc',
      'volume-desc',
    ]);
    expect(sortOptionKey({ sortBy: 'change', sortOrder: 'asc' })).toBe('change-asc');
    expect(sortOptionKey({ sortBy: 'volume', sortOrder: 'asc' })).toBeNull();
  });

  it('reads the URL with symbol ascending as the default', () => {
    expect(parseSort(null, null)).toEqual({ sortBy: 'symbol', sortOrder: 'asc' });
    expect(parseSort('price', 'desc')).toEqual({ sortBy: 'price', sortOrder: 'desc' });
    expect(parseSort('x', 'up')).toEqual({ sortBy: 'symbol', sortOrder: 'asc' });
  });

  it('counts pages of 20', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(596, 20)).toBe(30);
  });
});
