import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LandingPage } from '@/features/landing/components/landing-page';
import { i18n } from '@/lib/i18n';
import { ThemeContext, type ThemeContextValue } from '@/lib/theme';

const STATIC_THEME: ThemeContextValue = { theme: 'light', setTheme: () => {}, toggleTheme: () => {} };

/**
 * The landing page as HTML, rendered at build time (build/prerender-landing.ts) in Turkish: the figures are
 * skeletons here and landing-static.ts fills them after load; the theme icon follows the `dark` class by CSS.
 */
export function renderLanding(): { html: string; title: string } {
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeContext.Provider value={STATIC_THEME}>
        <StaticRouter location="/">
          <LandingPage />
        </StaticRouter>
      </ThemeContext.Provider>
    </QueryClientProvider>,
  );
  return { html, title: `${i18n.t('app.tagline')} · BIST AI` };
}
