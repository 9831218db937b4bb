import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from './query-client';
import { ThemeProvider } from './theme-provider';

// Tooltips and stock lookups are provided by the layouts that use them (user-layout, admin-layout), so Radix and the
// market schemas stay out of the first bundle.

/** Everything that does not need the router: query cache, theme, toasts (translations need no provider). */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        {children}
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
