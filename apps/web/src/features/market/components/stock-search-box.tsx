import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { getStockListQueryOptions, stockSuggestionParams } from '@/features/market/api/get-stock-list';
import { ChangeText } from '@/features/market/components/shared/change-text';
import { formatPrice } from '@/lib/format';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

const TYPE_DELAY_MS = 200;

/**
 * Top-bar stock search (a WAI-ARIA combobox): finds symbols and company names as you type and opens the stock page
 * on select or Enter. Blank text is ignored; Enter with nothing to pick opens the stocks list with the text.
 */
export function StockSearchBox({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('market');
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 640px)');
  const listId = useId();
  const rootRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), TYPE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const results = useQuery({
    ...getStockListQueryOptions(stockSuggestionParams(query)),
    enabled: query.length > 0,
    staleTime: 30_000,
    retry: false,
  });
  const trimmed = text.trim();
  const current = trimmed.length > 0 && results.data && query === trimmed ? results.data.stocks : [];
  // The last row is "all results" in the stocks list.
  const optionCount = trimmed ? current.length + 1 : 0;
  const showList = open && trimmed.length > 0;

  const reset = () => {
    setText('');
    setOpen(false);
    setActive(-1);
  };
  const openStock = (symbol: string) => {
    reset();
    void navigate(`/stocks/${symbol}`);
  };
  const openList = (value: string) => {
    reset();
    void navigate(`/stocks?search=${encodeURIComponent(value)}`);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmed) return;
    const picked = active >= 0 && active < current.length ? current[active] : undefined;
    const exact = current.find((s) => s.symbol === trimmed.toUpperCase());
    if (picked) openStock(picked.symbol);
    else if (active === current.length && active >= 0) openList(trimmed);
    else if (exact) openStock(exact.symbol);
    else if (current.length === 1 && current[0]) openStock(current[0].symbol);
    else openList(trimmed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && optionCount > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % optionCount);
    } else if (event.key === 'ArrowUp' && optionCount > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? optionCount - 1 : i - 1));
    } else if (event.key === 'Escape') {
      if (open) event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const optionId = (i: number) => `${listId}-opt-${i}`;

  return (
    <form
      ref={rootRef}
      role="search"
      onSubmit={onSubmit}
      className={cn('relative', className)}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        role="combobox"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        placeholder={wide ? t('topbar.search') : t('topbar.searchShort')}
        aria-label={t('topbar.searchLabel')}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        className="pl-9"
        enterKeyHint="search"
      />
      {showList ? (
        <div
          className="absolute left-0 right-0 top-full z-50 mt-1 min-w-72 overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg"
          data-testid="search-results"
        >
          <ul
            id={listId}
            role="listbox"
            aria-label={tm('search.results')}
            className="max-h-96 overflow-auto p-1"
          >
            {current.map((stock, i) => (
              <li
                key={stock.symbol}
                id={optionId(i)}
                role="option"
                aria-selected={active === i}
                tabIndex={-1}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => openStock(stock.symbol)}
                onMouseEnter={() => setActive(i)}
                className={cn(
                  'flex cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm',
                  active === i && 'bg-muted',
                )}
              >
                <span className="min-w-0">
                  <span className="block font-semibold">{stock.symbol}</span>
                  <span className="block truncate text-xs text-muted-foreground">{stock.company_name}</span>
                </span>
                <span className="shrink-0 text-right text-xs tabular-nums">
                  <span className="block font-medium">{formatPrice(stock.price)}</span>
                  <ChangeText value={stock.change_percent} showIcon={false} />
                </span>
              </li>
            ))}
            {current.length === 0 ? (
              <li role="presentation" className="px-2 py-2 text-sm text-muted-foreground">
                {results.isFetching || query !== trimmed ? tm('search.searching') : tm('search.noResults')}
              </li>
            ) : null}
            <li
              id={optionId(current.length)}
              role="option"
              aria-selected={active === current.length}
              tabIndex={-1}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => openList(trimmed)}
              onMouseEnter={() => setActive(current.length)}
              className={cn(
                'cursor-pointer truncate rounded-md border-t px-2 py-2 text-sm text-primary',
                active === current.length && 'bg-muted',
              )}
            >
              {tm('search.allResults', { query: trimmed })}
            </li>
          </ul>
        </div>
      ) : null}
    </form>
  );
}
