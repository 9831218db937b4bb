import { Outlet } from 'react-router';
import { AdminSessionProvider } from '@/app/providers/admin-session-provider';

/**
 * Everything under /admin shares the admin session (separate from the investor's). The panel is English: `lang`
 * keeps the document's Turkish casing rules (uppercase 'i' → 'İ') out of it.
 */
export default function AdminRoot() {
  return (
    <AdminSessionProvider>
      <div lang="en" className="contents">
        <Outlet />
      </div>
    </AdminSessionProvider>
  );
}
