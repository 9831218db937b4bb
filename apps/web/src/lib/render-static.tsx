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

export interface StaticPageOptions {
  /** The query cache the page renders from (queries without data render their loading state). */
  queryClient?: QueryClient;
  session?: SessionContextValue;
  /** Build-time prerendering (PrerenderContext): the page renders what its static script needs. */
  prerender?: boolean;
}

/**
 * A page as HTML outside the browser, in Turkish, with the providers the app gives it, in the light theme's markup
 * (the theme icon follows the `dark` class by CSS). By default a guest page at build time (build/prerender-pages.ts):
 * no session, no data yet (queries stay pending: their places are skeletons the page's script fills). The server's
 * renders (app/server-pages.tsx) pass the data they have and the session they render for.
 */
export function renderStaticPage(
  location: string,
  page: ReactNode,
  { queryClient = new QueryClient(), session = NO_SESSION, prerender = true }: StaticPageOptions = {},
): string {
  return renderToString(
    <PrerenderContext.Provider value={prerender}>
      <QueryClientProvider client={queryClient}>
        <ThemeContext.Provider value={STATIC_THEME}>
          <SessionContext.Provider value={session}>
            <StaticRouter location={location}>{page}</StaticRouter>
          </SessionContext.Provider>
        </ThemeContext.Provider>
      </QueryClientProvider>
    </PrerenderContext.Provider>,
  );
}
