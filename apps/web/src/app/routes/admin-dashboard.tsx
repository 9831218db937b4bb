import { AdminDashboardPage } from '@/features/admin/components/dashboard/admin-dashboard-page';

export default function AdminDashboardRoute() {
  return <AdminDashboardPage />;
}
