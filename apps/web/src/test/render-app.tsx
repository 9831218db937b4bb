import { configure, render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '@/app/providers/app-providers';
import { SessionProvider } from '@/app/providers/session-provider';
import { AppRoutes } from '@/app/router';

// Routes load lazily; on a busy CI machine the first import of a chunk can take well over the 1 s default.
configure({ asyncUtilTimeout: 5_000 });

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-from={(location.state as { from?: string } | null)?.from ?? ''}>
      {location.pathname}
      {location.search}
    </output>
  );
}

/** The whole app at `path`, in memory, with a fresh query cache that never retries. */
export function renderApp(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <SessionProvider>
          <AppRoutes />
          <LocationProbe />
        </SessionProvider>
      </MemoryRouter>
    </AppProviders>,
  );
}
