import { DashboardPage } from '@/features/market/components/dashboard/dashboard-page';

export default function DashboardRoute() {
  return <DashboardPage />;
}
