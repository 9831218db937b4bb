import { createContext, useContext } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { StockListItem } from '@bist/contracts';

/** A stock as a picker lists it. */
export type StockSuggestion = Pick<StockListItem, 'symbol' | 'company_name' | 'price'>;

/** A stock's name and current price, for a form that starts from it. */
export interface StockQuote {
  symbol: string;
  company_name: string;
  price: number;
}

/**
 * How shared widgets and other features find stocks without importing the market feature that owns the stock
 * endpoints: the app provides the market's query options (so each endpoint keeps its one cache entry), the widgets
 * run them.
 */
export interface StockLookup {
  /** The first few stocks whose code or name matches a typed term. */
  suggestions(
    term: string,
  ): UseQueryOptions<{ stocks: StockSuggestion[] }, Error, StockSuggestion[], QueryKey>;
  /** One stock's profile, read for its name and price. */
  quote(symbol: string): UseQueryOptions<StockQuote, Error, StockQuote, QueryKey>;
}

export const StockLookupContext = createContext<StockLookup | null>(null);

function useStockLookup(): StockLookup {
  const value = useContext(StockLookupContext);
  if (!value) throw new Error('Stock lookups need a <StockLookupContext.Provider>');
  return value;
}

/** Suggestions for a typed term; nothing is asked while the term is blank. */
export function useStockSuggestions(term: string) {
  const trimmed = term.trim();
  return useQuery({ ...useStockLookup().suggestions(trimmed), enabled: trimmed.length > 0 });
}

/** Name and price of the chosen stock; nothing is asked until there is one. */
export function useStockQuote(symbol: string | null) {
  return useQuery({ ...useStockLookup().quote(symbol ?? ''), enabled: !!symbol });
}
