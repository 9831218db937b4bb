import { lazy, Suspense, useEffect } from 'react';
import { trackPageView } from '@/lib/product-events';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LoadingSplash } from '@/components/loading-splash';
import { GuestOnly, RequireAuth } from './guards';

const LandingRoute = lazy(() => import('@/app/routes/landing'));
const LoginRoute = lazy(() => import('@/app/routes/login'));
const UserLayout = lazy(() => import('@/app/layouts/user-layout'));
const DashboardRoute = lazy(() => import('@/app/routes/dashboard'));
const StocksRoute = lazy(() => import('@/app/routes/stocks'));
const StockDetailRoute = lazy(() => import('@/app/routes/stock-detail'));
const IndicesRoute = lazy(() => import('@/app/routes/indices'));
const PortfolioRoute = lazy(() => import('@/app/routes/portfolio'));
const PredictionsRoute = lazy(() => import('@/app/routes/predictions'));
const WatchlistRoute = lazy(() => import('@/app/routes/watchlist'));
const AccountRoute = lazy(() => import('@/app/routes/account'));
const AdminRoot = lazy(() => import('@/app/routes/admin-root'));
const AdminLoginRoute = lazy(() => import('@/app/routes/admin-login'));
const AdminLayout = lazy(() => import('@/app/layouts/admin-layout'));
const AdminDashboardRoute = lazy(() => import('@/app/routes/admin-dashboard'));
const AdminUsersRoute = lazy(() => import('@/app/routes/admin-users'));
const AdminAuditRoute = lazy(() => import('@/app/routes/admin-audit'));
const AdminSettingsRoute = lazy(() => import('@/app/routes/admin-settings'));
const AdminAiUnifiedRoute = lazy(() => import('@/app/routes/admin-ai-unified'));
const AdminComplianceRoute = lazy(() => import('@/app/routes/admin-compliance'));
const AdminAiRoute = lazy(() => import('@/app/routes/admin-ai'));
const AdminAnalyticsRoute = lazy(() => import('@/app/routes/admin-analytics'));

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
