import fs from 'node:fs';
import { Route, Routes } from 'react-router';
import { serverDocument } from '@/app/server-document';
import UserLayout from '@/app/layouts/user-layout';
import { navItems } from '@/app/route-table';
import { createQueryClient } from '@/app/providers/query-client';
import DashboardRoute from '@/app/routes/dashboard';
import { firstVisitDataPaths, seedFirstVisit } from '@/app/first-visit-data';
import { MARKET_NS } from '@/features/market/i18n';
import { translate } from '@/lib/i18n';
import { renderStaticPage } from '@/lib/render-static';
import type { SessionContextValue } from '@/lib/session';

/**
 * The pages the server renders with their data (apps/server/src/plugins/server-pages.ts), built into
 * dist/server/pages.js (build/server-pages.ts). The server asks its own API for each page's `data` paths and sends
 * the document `render` makes of the answers: the page's markup inside the app's index.html and the data beside it
 * (server-document.ts), from which the app's first render fills its queries (main.tsx). The page paints with its
 * figures before any JavaScript has loaded.
 */
export interface ServerPage {
  path: string;
  /** The public API paths whose answers the page is rendered from. */
  data: string[];
  /**
   * The page's HTML document. `bodies`: API path → the answer's body; `updatedAt`: when the server took them (ms
   * since the epoch). Throws when the bodies are not the page's data.
   */
  render(bodies: Record<string, unknown>, updatedAt: number): string;
}

/** The app's index.html with an empty #root, written beside this module by build/prerender-pages.ts (SERVER_TEMPLATE). */
let template: string | undefined;
const documentTemplate = () =>
  (template ??= fs.readFileSync(new URL('./template.html', import.meta.url), 'utf8'));

/**
 * The server renders investor pages for a signed-in investor whose identity it does not know (the session is the
 * browser's bearer token; theme-init.mjs sends a visitor without one to /login before the page paints): the user
 * block shows the fallback name until the app renders with the real session.
 */
const UNKNOWN_INVESTOR: SessionContextValue = {
  session: { token: '', user: { id: '', email: '', name: '', role: 'investor', avatar: null } },
  isLoading: false,
  signIn: () => {},
  signOut: () => {},
};

const DASHBOARD = '/dashboard';

/**
 * The dashboard's markup and title from its data's answers (the top bar, the page header and the cards above the
 * fold; what lies below renders in the browser, as `Deferred` holds it back there too). Throws when a body is missing.
 */
export function renderDashboard(
  bodies: Record<string, unknown>,
  updatedAt: number,
): { html: string; title: string } {
  const queryClient = createQueryClient();
  if (!seedFirstVisit(DASHBOARD, queryClient, { page: DASHBOARD, updatedAt, bodies }))
    throw new Error(`the data of ${DASHBOARD} is incomplete`);
  const html = renderStaticPage(
    DASHBOARD,
    <Routes>
      <Route element={<UserLayout navItems={navItems('investor')} />}>
        <Route path={DASHBOARD.slice(1)} element={<DashboardRoute />} />
      </Route>
    </Routes>,
    { queryClient, session: UNKNOWN_INVESTOR, prerender: false },
  );
  queryClient.clear();
  return { html, title: `${translate('tr', MARKET_NS, 'dashboard.title')} · BIST AI` };
}

export const serverPages: ServerPage[] = [
  {
    path: DASHBOARD,
    data: firstVisitDataPaths(DASHBOARD),
    render: (bodies, updatedAt) =>
      serverDocument(documentTemplate(), renderDashboard(bodies, updatedAt), {
        page: DASHBOARD,
        updatedAt,
        bodies,
      }),
  },
];
