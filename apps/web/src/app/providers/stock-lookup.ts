import { stockSuggestionsQueryOptions } from '@/features/market/api/get-stock-list';
import { stockQuoteQueryOptions } from '@/features/market/api/get-stock-profile';
import type { StockLookup } from '@/lib/stock-lookup';

/** The market feature answers every stock lookup of the app. */
export const marketStockLookup: StockLookup = {
  suggestions: stockSuggestionsQueryOptions,
  quote: stockQuoteQueryOptions,
};
