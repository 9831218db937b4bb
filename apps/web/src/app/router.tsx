import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { trackPageView } from '@/lib/product-events';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LoadingSplash } from '@/components/loading-splash';
import { GuestOnly, RequireAuth } from './guards';
// The investor's layout is in the app's first chunk, not lazy, as is the dashboard (route-table.ts): most visits
// open on it (the sign-in lands there), and split into the route's share of ≈ 25 small shared chunks it took 39
// requests, each a round trip on a phone's six HTTP/1.1 connections (decision 0038). The admin pages carry them
// too (15–20 kB gz, within their budget).
import UserLayout from '@/app/layouts/user-layout';
import {
  adminScreens,
  APP_ROUTES,
  firstVisitChunks,
  navItems,
  type AppRoute,
  type RouteShell,
} from '@/app/route-table';

const loadAdminRoot = () => import('@/app/routes/admin-root');
const loadAdminLayout = () => import('@/app/layouts/admin-layout');
const AdminRoot = lazy(loadAdminRoot);
const AdminLayout = lazy(loadAdminLayout);
const ADMIN_SCREENS = adminScreens();
const INVESTOR_NAV = navItems('investor');

/** The lazy chunks of each shell, which a first visit to one of its pages loads beside the page's. */
const SHELL_CHUNKS: Record<RouteShell, readonly (() => Promise<unknown>)[]> = {
  guest: [],
  public: [],
  investor: [],
  adminPublic: [loadAdminRoot],
  admin: [loadAdminRoot, loadAdminLayout],
};

/**
 * The lazy chunks a first visit to a path needs, fetched as the app starts rather than once React has rendered the
 * router, and for the admin panel's lazy route inside its lazy layout, together rather than one after the other.
 */
const FIRST_VISIT_CHUNKS = firstVisitChunks(SHELL_CHUNKS);

/** Starts loading the chunks of the page the app opens on (main.tsx); React.lazy then finds them loaded. */
export function preloadFirstVisit(pathname: string): Promise<unknown> {
  const match = FIRST_VISIT_CHUNKS.find(([pattern]) => pattern.test(pathname));
  return Promise.allSettled((match?.[1] ?? []).map((load) => load()));
}

// One component per table entry, so the URLs of one page (/indices and /indices/:code) keep its state between them.
const COMPONENTS = new Map<AppRoute, ComponentType>(
  APP_ROUTES.map((route) => [route, route.component ?? lazy(route.load ?? missingComponent(route))]),
);

function missingComponent(route: AppRoute): never {
  throw new Error(`route ${route.paths[0]} has neither a component nor a chunk`);
}

/** The `<Route>`s of a shell's pages, their paths relative to the shell's parent (`/` and `/admin`). */
function shellRoutes(shell: RouteShell, wrap: (page: ComponentType) => ReactNode = (Page) => <Page />) {
  const prefix = shell === 'admin' || shell === 'adminPublic' ? '/admin/' : '/';
  return APP_ROUTES.filter((route) => route.shell === shell).flatMap((route) => {
    const Page = COMPONENTS.get(route)!;
    return route.paths.map((path) =>
      path === '/' ? (
        <Route key={path} index element={wrap(Page)} />
      ) : (
        <Route key={path} path={path.slice(prefix.length)} element={wrap(Page)} />
      ),
    );
  });
}

const guestOnly = (Page: ComponentType) => (
  <GuestOnly>
    <Page />
  </GuestOnly>
);

/** Every route, generated from the route table: the investor's pages in their layout, the admin panel under /admin. */
export function AppRoutes() {
  const { pathname } = useLocation();
  // Investor-side page views by route template (the admin panel is not tracked).
  useEffect(() => {
    if (!pathname.startsWith('/admin')) trackPageView(pathname);
  }, [pathname]);
  return (
    <Suspense fallback={<LoadingSplash />}>
      <Routes>
        {shellRoutes('guest', guestOnly)}
        {shellRoutes('public')}
        <Route
          element={
            <RequireAuth>
              <UserLayout navItems={INVESTOR_NAV} />
            </RequireAuth>
          }
        >
          {shellRoutes('investor')}
        </Route>
        <Route path="admin" element={<AdminRoot />}>
          <Route index element={<Navigate to="/admin/dashboard" replace />} />
          {shellRoutes('adminPublic')}
          {/* The admin layout includes its guard (session or /admin/login), so the guard loads with the admin chunk;
              it also hides and refuses the screens the staff member's role may not open. */}
          <Route element={<AdminLayout screens={ADMIN_SCREENS} />}>{shellRoutes('admin')}</Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
