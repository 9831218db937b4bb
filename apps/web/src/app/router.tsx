import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoadingSplash } from '@/components/loading-splash';
import { GuestOnly, RequireAuth } from './guards';

const LandingRoute = lazy(() => import('./routes/landing'));
const LoginRoute = lazy(() => import('./routes/login'));
const UserLayout = lazy(() => import('./layouts/user-layout'));
const DashboardRoute = lazy(() => import('./routes/dashboard'));
const StocksRoute = lazy(() => import('./routes/stocks'));
const StockDetailRoute = lazy(() => import('./routes/stock-detail'));
const IndicesRoute = lazy(() => import('./routes/indices'));
const PortfolioRoute = lazy(() => import('./routes/portfolio'));
const PredictionsRoute = lazy(() => import('./routes/predictions'));

/** The route table of spec §2 (customer side). Admin routes belong to the admin issue. */
export function AppRoutes() {
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
          <Route path="predictions" element={<PredictionsRoute />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
