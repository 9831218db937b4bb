import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@/app/providers/app-providers';
import { SessionProvider } from '@/app/providers/session-provider';
import { AppRoutes } from './router';

/** The whole app; main.tsx passes the query client it has already started the first page's requests on. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <SessionProvider>
          <AppRoutes />
        </SessionProvider>
      </BrowserRouter>
    </AppProviders>
  );
}
