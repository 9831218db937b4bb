import { lazy, Suspense, useEffect } from 'react';
import { trackPageView } from '@/lib/product-events';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LoadingSplash } from '@/components/loading-splash';
import { GuestOnly, RequireAuth } from './guards';

const loadLanding = () => import('@/app/routes/landing');
const loadLogin = () => import('@/app/routes/login');
const loadUserLayout = () => import('@/app/layouts/user-layout');
const loadDashboard = () => import('@/app/routes/dashboard');
const loadStocks = () => import('@/app/routes/stocks');
const loadStockDetail = () => import('@/app/routes/stock-detail');
const loadIndices = () => import('@/app/routes/indices');
const loadPortfolio = () => import('@/app/routes/portfolio');
const loadPredictions = () => import('@/app/routes/predictions');
const loadWatchlist = () => import('@/app/routes/watchlist');
const loadAccount = () => import('@/app/routes/account');
const loadAdminRoot = () => import('@/app/routes/admin-root');
const loadAdminLogin = () => import('@/app/routes/admin-login');
const loadAdminLayout = () => import('@/app/layouts/admin-layout');
const loadAdminDashboard = () => import('@/app/routes/admin-dashboard');
const loadAdminUsers = () => import('@/app/routes/admin-users');
const loadAdminAudit = () => import('@/app/routes/admin-audit');
const loadAdminSettings = () => import('@/app/routes/admin-settings');
const loadAdminAiUnified = () => import('@/app/routes/admin-ai-unified');
const loadAdminCompliance = () => import('@/app/routes/admin-compliance');
const loadAdminAi = () => import('@/app/routes/admin-ai');
const loadAdminAnalytics = () => import('@/app/routes/admin-analytics');

const LandingRoute = lazy(loadLanding);
const LoginRoute = lazy(loadLogin);
const UserLayout = lazy(loadUserLayout);
const DashboardRoute = lazy(loadDashboard);
const StocksRoute = lazy(loadStocks);
const StockDetailRoute = lazy(loadStockDetail);
const IndicesRoute = lazy(loadIndices);
const PortfolioRoute = lazy(loadPortfolio);
const PredictionsRoute = lazy(loadPredictions);
const WatchlistRoute = lazy(loadWatchlist);
const AccountRoute = lazy(loadAccount);
const AdminRoot = lazy(loadAdminRoot);
const AdminLoginRoute = lazy(loadAdminLogin);
const AdminLayout = lazy(loadAdminLayout);
const AdminDashboardRoute = lazy(loadAdminDashboard);
const AdminUsersRoute = lazy(loadAdminUsers);
const AdminAuditRoute = lazy(loadAdminAudit);
const AdminSettingsRoute = lazy(loadAdminSettings);
const AdminAiUnifiedRoute = lazy(loadAdminAiUnified);
const AdminComplianceRoute = lazy(loadAdminCompliance);
const AdminAiRoute = lazy(loadAdminAi);
const AdminAnalyticsRoute = lazy(loadAdminAnalytics);

/**
 * The chunks a first visit to a path needs, fetched together as the app starts: a lazy route inside a lazy layout
 * would otherwise be requested only once the layout has loaded and rendered, one round trip after the other.
 */
const FIRST_VISIT_CHUNKS: [RegExp, (() => Promise<unknown>)[]][] = [
  [/^\/dashboard$/, [loadUserLayout, loadDashboard]],
  [/^\/stocks$/, [loadUserLayout, loadStocks]],
  [/^\/stocks\/[^/]+$/, [loadUserLayout, loadStockDetail]],
  [/^\/indices$/, [loadUserLayout, loadIndices]],
  [/^\/portfolio$/, [loadUserLayout, loadPortfolio]],
  [/^\/watchlist$/, [loadUserLayout, loadWatchlist]],
  [/^\/predictions$/, [loadUserLayout, loadPredictions]],
  [/^\/settings$/, [loadUserLayout, loadAccount]],
  [/^\/admin\/login$/, [loadAdminRoot, loadAdminLogin]],
  [/^\/admin\/dashboard$/, [loadAdminRoot, loadAdminLayout, loadAdminDashboard]],
  [/^\/admin\/users$/, [loadAdminRoot, loadAdminLayout, loadAdminUsers]],
  [/^\/admin\/audit$/, [loadAdminRoot, loadAdminLayout, loadAdminAudit]],
  [/^\/admin\/settings$/, [loadAdminRoot, loadAdminLayout, loadAdminSettings]],
  [/^\/admin\/analytics$/, [loadAdminRoot, loadAdminLayout, loadAdminAnalytics]],
  [/^\/admin\/compliance$/, [loadAdminRoot, loadAdminLayout, loadAdminCompliance]],
  [/^\/admin\/ai-unified$/, [loadAdminRoot, loadAdminLayout, loadAdminAiUnified]],
  [/^\/admin\/ai$/, [loadAdminRoot, loadAdminLayout, loadAdminAi]],
];

/** Starts loading the chunks of the page the app opens on (main.tsx); React.lazy then finds them loaded. */
export function preloadFirstVisit(pathname: string): Promise<unknown> {
  const match = FIRST_VISIT_CHUNKS.find(([pattern]) => pattern.test(pathname));
  return Promise.allSettled((match?.[1] ?? []).map((load) => load()));
}

/** Every route: the investor's pages inside their layout, the admin panel under /admin, anything else to /. */
export function AppRoutes() {
  const { pathname } = useLocation();
  // Investor-side page views by route template (the admin panel is not tracked).
  useEffect(() => {
    if (!pathname.startsWith('/admin')) trackPageView(pathname);
  }, [pathname]);
  return (
    <Suspense fallback={<LoadingSplash />}>
      <Routes>
        <Route
          index
          element={
            <GuestOnly>
              <LandingRoute />
            </GuestOnly>
          }
        />
        <Route
          path="login"
          element={
            <GuestOnly>
              <LoginRoute />
            </GuestOnly>
          }
        />
        <Route
          element={
            <RequireAuth>
              <UserLayout />
            </RequireAuth>
          }
        >
          <Route path="dashboard" element={<DashboardRoute />} />
          <Route path="stocks" element={<StocksRoute />} />
          <Route path="stocks/:symbol" element={<StockDetailRoute />} />
          <Route path="indices" element={<IndicesRoute />} />
          <Route path="portfolio" element={<PortfolioRoute />} />
          <Route path="watchlist" element={<WatchlistRoute />} />
          <Route path="predictions" element={<PredictionsRoute />} />
          <Route path="settings" element={<AccountRoute />} />
        </Route>
        <Route path="admin" element={<AdminRoot />}>
          <Route index element={<Navigate to="/admin/dashboard" replace />} />
          <Route path="login" element={<AdminLoginRoute />} />
          {/* The admin layout includes its guard (session or /admin/login), so the guard loads with the admin chunk. */}
          <Route element={<AdminLayout />}>
            <Route path="dashboard" element={<AdminDashboardRoute />} />
            <Route path="users" element={<AdminUsersRoute />} />
            <Route path="audit" element={<AdminAuditRoute />} />
            <Route path="settings" element={<AdminSettingsRoute />} />
            <Route path="analytics" element={<AdminAnalyticsRoute />} />
            <Route path="compliance" element={<AdminComplianceRoute />} />
            <Route path="ai-unified" element={<AdminAiUnifiedRoute />} />
            <Route path="ai" element={<AdminAiRoute />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
