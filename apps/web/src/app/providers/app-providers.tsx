import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '@/components/ui/toaster';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from './query-client';
import { ThemeProvider } from './theme-provider';

// Tooltips and stock lookups are provided by the layouts that use them (user-layout, admin-layout), so Radix and the
// market schemas stay out of the first bundle.

/** Everything that does not need the router: query cache, i18n, theme, toasts. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider>
          {children}
          <Toaster />
        </ThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
