import { lazy, Suspense, useEffect } from 'react';
import { trackPageView } from '@/lib/product-events';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LoadingSplash } from '@/components/loading-splash';
import { GuestOnly, RequireAuth } from './guards';
// The investor's layout and dashboard are in the app's first chunk, not lazy: the dashboard is the page most visits
// open on (the sign-in lands there), and split into the route's share of ≈ 25 small shared chunks it took 39
// requests, each a round trip on a phone's six HTTP/1.1 connections (decision 0038). The admin pages carry them
// too (15–20 kB gz, within their budget).
import UserLayout from '@/app/layouts/user-layout';
import DashboardRoute from '@/app/routes/dashboard';

const loadLanding = () => import('@/app/routes/landing');
const loadLogin = () => import('@/app/routes/login');
const loadRegister = () => import('@/app/routes/register');
const loadPasswordReset = () => import('@/app/routes/password-reset');
const loadPrivacyNotice = () => import('@/app/routes/privacy-notice');
const loadAccountErased = () => import('@/app/routes/account-erased');
const loadStocks = () => import('@/app/routes/stocks');
const loadStockDetail = () => import('@/app/routes/stock-detail');
const loadIndices = () => import('@/app/routes/indices');
const loadPortfolio = () => import('@/app/routes/portfolio');
const loadPredictions = () => import('@/app/routes/predictions');
const loadWatchlist = () => import('@/app/routes/watchlist');
const loadAccount = () => import('@/app/routes/account');
const loadAdminRoot = () => import('@/app/routes/admin-root');
const loadAdminLogin = () => import('@/app/routes/admin-login');
const loadAdminPasswordReset = () => import('@/app/routes/admin-password-reset');
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
const RegisterRoute = lazy(loadRegister);
const PasswordResetRoute = lazy(loadPasswordReset);
const PrivacyNoticeRoute = lazy(loadPrivacyNotice);
const AccountErasedRoute = lazy(loadAccountErased);
const StocksRoute = lazy(loadStocks);
const StockDetailRoute = lazy(loadStockDetail);
const IndicesRoute = lazy(loadIndices);
const PortfolioRoute = lazy(loadPortfolio);
const PredictionsRoute = lazy(loadPredictions);
const WatchlistRoute = lazy(loadWatchlist);
const AccountRoute = lazy(loadAccount);
const AdminRoot = lazy(loadAdminRoot);
const AdminLoginRoute = lazy(loadAdminLogin);
const AdminPasswordResetRoute = lazy(loadAdminPasswordReset);
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
 * The lazy chunks a first visit to a path needs, fetched as the app starts rather than once React has rendered the
 * router, and for the admin panel's lazy route inside its lazy layout, together rather than one after the other.
 */
const FIRST_VISIT_CHUNKS: [RegExp, (() => Promise<unknown>)[]][] = [
  [/^\/stocks$/, [loadStocks]],
  [/^\/stocks\/[^/]+$/, [loadStockDetail]],
  [/^\/indices(\/[^/]+)?$/, [loadIndices]],
  [/^\/portfolio$/, [loadPortfolio]],
  [/^\/watchlist$/, [loadWatchlist]],
  [/^\/predictions$/, [loadPredictions]],
  [/^\/settings$/, [loadAccount]],
  [/^\/register$/, [loadRegister]],
  [/^\/(sifremi-unuttum|sifre-sifirla)$/, [loadPasswordReset]],
  [/^\/aydinlatma-metni$/, [loadPrivacyNotice]],
  [/^\/hesap-silindi$/, [loadAccountErased]],
  [/^\/admin\/login$/, [loadAdminRoot, loadAdminLogin]],
  [/^\/admin\/(forgot|reset)-password$/, [loadAdminRoot, loadAdminPasswordReset]],
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
          path="register"
          element={
            <GuestOnly>
              <RegisterRoute />
            </GuestOnly>
          }
        />
        {/* Public: a reset link may be opened in a browser with a session, and the notice is read by anyone. */}
        <Route path="sifremi-unuttum" element={<PasswordResetRoute />} />
        <Route path="sifre-sifirla" element={<PasswordResetRoute />} />
        <Route path="aydinlatma-metni" element={<PrivacyNoticeRoute />} />
        <Route path="hesap-silindi" element={<AccountErasedRoute />} />
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
          <Route path="indices/:code" element={<IndicesRoute />} />
          <Route path="portfolio" element={<PortfolioRoute />} />
          <Route path="watchlist" element={<WatchlistRoute />} />
          <Route path="predictions" element={<PredictionsRoute />} />
          <Route path="settings" element={<AccountRoute />} />
        </Route>
        <Route path="admin" element={<AdminRoot />}>
          <Route index element={<Navigate to="/admin/dashboard" replace />} />
          <Route path="login" element={<AdminLoginRoute />} />
          <Route path="forgot-password" element={<AdminPasswordResetRoute />} />
          <Route path="reset-password" element={<AdminPasswordResetRoute />} />
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
