import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { STOCKS_PAGE_SIZE, STOCKS_SEARCH_DEBOUNCE_MS } from '@bist/contracts/values';
import { parseSort, type StockSort } from '@/features/market/lib/stock-sort';
import { useDebounced } from '@/lib/use-debounced';

/**
 * The stocks list's state, kept in the URL so it survives a reload and can be linked: search, sector, sort, page.
 * The search box's text is local and reaches the URL once typing pauses; a new search, a sector or a sort chosen
 * in the select go back to page 1, the column headers keep the page. A sector, sort or page change is a new history
 * entry (Back returns to the previous page of the list); the typed search replaces the current one.
 */
/** Page sizes the list offers; the spec's 20 is the default. */
export const STOCKS_PAGE_SIZES = [STOCKS_PAGE_SIZE, 50, 100] as const;

export function useStocksUrlState() {
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get('search') ?? '';
  const sector = params.get('sector') ?? '';
  const sort = parseSort(params.get('sort_by'), params.get('sort_order'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const requestedSize = Number.parseInt(params.get('limit') ?? '', 10);
  const pageSize = (STOCKS_PAGE_SIZES as readonly number[]).includes(requestedSize)
    ? requestedSize
    : STOCKS_PAGE_SIZE;

  // The box follows the URL when someone else changes it (the top bar's search), else the user's typing.
  const [text, setText] = useState(urlSearch);
  const [seenUrlSearch, setSeenUrlSearch] = useState(urlSearch);
  if (urlSearch !== seenUrlSearch) {
    setSeenUrlSearch(urlSearch);
    if (urlSearch !== text.trim()) setText(urlSearch);
  }
  const debouncedText = useDebounced(text, STOCKS_SEARCH_DEBOUNCE_MS);

  const update = (changes: Record<string, string | null>) => {
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (next.get('page') === '1') next.delete('page');
      return next;
    });
  };

  useEffect(() => {
    const trimmed = debouncedText.trim();
    if (trimmed === urlSearch.trim()) return;
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

  return {
    urlSearch,
    sector,
    sort,
    page,
    pageSize,
    text,
    setText,
    setSector: (next: string | null) => update({ sector: next, page: null }),
    setSort: (next: StockSort, resetPage: boolean) =>
      update({ sort_by: next.sortBy, sort_order: next.sortOrder, ...(resetPage ? { page: null } : {}) }),
    setPage: (next: number) => update({ page: String(next) }),
    setPageSize: (next: number) =>
      update({ limit: next === STOCKS_PAGE_SIZE ? null : String(next), page: null }),
  };
}
