import { useDeferredValue, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { X } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { formatPrice } from '@/lib/format';
import { useStockSuggestions } from '@/lib/stock-lookup';
import { cn } from '@/lib/utils';

export interface PickedStock {
  symbol: string;
  name: string | null;
}

export interface SymbolPickerLabels {
  placeholder: string;
  /** The chip's button that clears the choice. */
  change: string;
  searching: string;
  noMatch: string;
}

/**
 * Picks a stock by code or company name (an ARIA combobox over the stock lookup's suggestions); shows the picked
 * stock as a chip. Its words are the investor's unless `labels` gives others.
 */
export function SymbolPicker({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  disabled,
  labels,
}: {
  id: string;
  value: PickedStock | null;
  onChange: (stock: PickedStock | null) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  disabled?: boolean;
  labels?: SymbolPickerLabels;
}) {
  const { t } = useTranslation();
  const text = labels ?? {
    placeholder: t('symbolPicker.placeholder'),
    change: t('symbolPicker.change'),
    searching: t('symbolPicker.searching'),
    noMatch: t('symbolPicker.noMatch'),
  };
  const listId = useId();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const deferred = useDeferredValue(term);
  const search = useStockSuggestions(deferred);
  const options = search.data ?? [];

  if (value) {
    return (
      <div
        className="flex h-9 items-center justify-between rounded-md border border-input bg-muted/40 px-3 text-sm"
        data-testid="picked-symbol"
      >
        <span className="truncate">
          <span className="font-semibold">{value.symbol}</span>
          {value.name ? <span className="ml-2 text-muted-foreground">{value.name}</span> : null}
        </span>
        {disabled ? null : (
          <button
            type="button"
            className="rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={text.change}
            onClick={() => {
              onChange(null);
              setTerm('');
            }}
          >
            <X className="size-4" />
          </button>
        )}
      </div>
    );
  }

  const pick = (index: number) => {
    const option = options[index];
    if (!option) return;
    onChange({ symbol: option.symbol, name: option.company_name });
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && open && options.length > 0) {
      event.preventDefault();
      pick(active);
    } else if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };

  const showList = open && term.trim().length > 0;
  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        aria-activedescendant={showList && options[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={text.placeholder}
        value={term}
        disabled={disabled}
        onChange={(event) => {
          setTerm(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        // Close only if focus really left the field: a re-render after validation can blur and refocus it.
        onBlur={(event) => {
          const input = event.currentTarget;
          setTimeout(() => {
            if (document.activeElement !== input) setOpen(false);
          }, 150);
        }}
        onKeyDown={onKeyDown}
      />
      {showList ? (
        <ul
          id={listId}
          role="listbox"
          className="absolute inset-x-0 top-10 z-50 max-h-64 overflow-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {search.isPending && options.length === 0 ? (
            <li className="flex items-center gap-2 px-2 py-2 text-sm text-muted-foreground">
              <Spinner className="size-4" /> {text.searching}
            </li>
          ) : options.length === 0 ? (
            <li className="px-2 py-2 text-sm text-muted-foreground">{text.noMatch}</li>
          ) : (
            options.map((option, index) => (
              <li
                key={option.symbol}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={cn(
                  'flex cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm',
                  index === active && 'bg-muted',
                )}
                onMouseEnter={() => setActive(index)}
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(index);
                }}
              >
                <span className="min-w-0 truncate">
                  <span className="font-semibold">{option.symbol}</span>{' '}
                  <span className="ml-1 text-muted-foreground">{option.company_name}</span>
                </span>
                <span className="tabular-nums text-muted-foreground">{formatPrice(option.price)}</span>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
