import { AdminLoginPage } from '@/features/admin/components/admin-login-page';

export default function AdminLoginRoute() {
  return <AdminLoginPage />;
}
