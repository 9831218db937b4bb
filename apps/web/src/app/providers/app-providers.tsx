import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { i18n } from '@/lib/i18n';
import { StockLookupContext } from '@/lib/stock-lookup';
import { createQueryClient } from './query-client';
import { marketStockLookup } from './stock-lookup';
import { ThemeProvider } from './theme-provider';

/** Everything that does not need the router: query cache, i18n, theme, stock lookups, tooltips, toasts. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider>
          <StockLookupContext.Provider value={marketStockLookup}>
            <TooltipProvider delayDuration={300}>
              {children}
              <Toaster />
            </TooltipProvider>
          </StockLookupContext.Provider>
        </ThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
