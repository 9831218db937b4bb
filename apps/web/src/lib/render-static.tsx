import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PrerenderContext } from '@/lib/prerender';
import { SessionContext, type SessionContextValue } from '@/lib/session';
import { ThemeContext, type ThemeContextValue } from '@/lib/theme';

const STATIC_THEME: ThemeContextValue = { theme: 'light', setTheme: () => {}, toggleTheme: () => {} };
const NO_SESSION: SessionContextValue = {
  session: null,
  isLoading: false,
  signIn: () => {},
  signOut: () => {},
};

/**
 * A guest page as HTML at build time (build/prerender-pages.ts), in Turkish, with the providers the app gives it:
 * no session, no data yet (queries stay pending: their places are skeletons the page's script fills), the light
 * theme's markup (the theme icon follows the `dark` class by CSS).
 */
export function renderStaticPage(location: string, page: ReactNode): string {
  return renderToString(
    <PrerenderContext.Provider value={true}>
      <QueryClientProvider client={new QueryClient()}>
        <ThemeContext.Provider value={STATIC_THEME}>
          <SessionContext.Provider value={NO_SESSION}>
            <StaticRouter location={location}>{page}</StaticRouter>
          </SessionContext.Provider>
        </ThemeContext.Provider>
      </QueryClientProvider>
    </PrerenderContext.Provider>,
  );
}
