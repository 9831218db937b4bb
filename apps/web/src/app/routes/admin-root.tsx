import { Outlet } from 'react-router';
import { AdminSessionProvider } from '@/features/admin/components/admin-session-provider';

/** Everything under /admin shares the admin session (separate from the investor's). */
export default function AdminRoot() {
  return (
    <AdminSessionProvider>
      <Outlet />
    </AdminSessionProvider>
  );
}
